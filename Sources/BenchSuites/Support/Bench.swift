import BenchKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `bench` command: every suite, wired to BenchKit's driver.
///
/// `bench`'s own `main.swift` is `await Bench.main()`. A package of your own
/// runs the same command line, CSVs, summary and charts on its interactors
/// by registering them first (see ``SceneRegistry``):
///
/// ```swift
/// var scenes = SceneRegistry.shipped
/// scenes.register("mine", design: .corrected) { MyInteractor(worker: $0, presenter: $1) }
/// await Bench.main(scenes: scenes)
/// ```
public enum Bench {
  /// What `bench --help` says the command does.
  public static let overview =
    "Measures and checks the concurrency of the VIP profile scene: parallel fetch, refetch and actor hops."

  /// Every suite, in the order `bench list` shows and `bench` runs them.
  /// - Returns: the suites.
  public static func suites() -> [any BenchSuite] {
    [
      ParallelFetchSuite(),
      PresenterHopSuite(),
      MainResponsivenessSuite(),
      WorkerIsolationSuite(),
      RefetchCancelSuite(),
      RaceCanarySuite(),
      BuildSettingsSuite(),
    ]
  }

  /// Runs the command line of this process and exits with its status.
  ///
  /// - Important: call it from top-level code (an async `main.swift`), so
  ///   that the main queue is drained and the suites' main-actor work runs.
  public static func main() async -> Never {
    InterruptSignal.install()
    let driver = BenchDriver(overview: overview, suites: suites(), subcommands: [.compare])
    let exitCode = await driver.run(arguments: Array(CommandLine.arguments.dropFirst()))
    exit(exitCode.rawValue)
  }
}
