import BenchKit
import Foundation
import IsolationChecks
import ProfileScene

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `bench` command: every suite, wired to BenchKit's driver.
///
/// `bench`'s own `main.swift` is `await Bench.main()`. A package of your own
/// runs the same command line, CSVs, summary and charts on its interactors,
/// beside the shipped ones, by registering them first (see ``SceneRegistry``):
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
  ///
  /// `parallel-fetch`, `presenter-hop` and `refetch-cancel` run every
  /// interactor of `scenes`; the others measure the package's own designs
  /// (work placements, compiler settings), which an outside interactor has
  /// no counterpart of.
  /// - Parameter scenes: the interactors the scene suites run.
  /// - Returns: the suites.
  public static func suites(scenes: SceneRegistry = .shipped) -> [any BenchSuite] {
    [
      ParallelFetchSuite(scenes: scenes),
      PresenterHopSuite(scenes: scenes),
      MainResponsivenessSuite(),
      WorkerIsolationSuite(),
      RefetchCancelSuite(scenes: scenes),
      RaceCanarySuite(),
      BuildSettingsSuite(),
      ScreenSettingsSuite(),
      CheckerPowerSuite(),
    ]
  }

  /// The line `main` prints for a registry with refused registrations, or
  /// `nil` when every registration was taken.
  static func registryError(_ scenes: SceneRegistry) -> String? {
    scenes.problems.first.map { "Error: the scene registry: \($0)" }
  }

  /// The line `main` prints for a registry with refused registrations or a
  /// screen whose description the checker cannot check (see
  /// ``ScreenChecks/ScreenChecker/checkDescription()``), or `nil`.
  @MainActor
  static func registryError(checkingScreensOf scenes: SceneRegistry) async -> String? {
    if let error = registryError(scenes) { return error }
    for screen in scenes.screens {
      do {
        try await ScreenChecker(screen.checked).checkDescription()
      } catch {
        return "Error: the scene registry: \(error)"
      }
    }
    return nil
  }

  /// Runs the command line of this process and exits with its status.
  ///
  /// A registry with refused registrations (``SceneRegistry/problems``)
  /// stops here, before anything is measured: `Error: <problem>` on standard
  /// error, exit 64.
  ///
  /// - Important: call it from top-level code (an async `main.swift`), so
  ///   that the main queue is drained and the suites' main-actor work runs.
  /// - Parameter scenes: the interactors the scene suites run; the shipped ones by default.
  public static func main(scenes: SceneRegistry = .shipped) async -> Never {
    if let error = await registryError(checkingScreensOf: scenes) {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      exit(BenchExitCode.usage.rawValue)
    }
    InterruptSignal.install()
    let driver = BenchDriver(overview: overview, suites: suites(scenes: scenes), subcommands: [.compare])
    let exitCode = await driver.run(arguments: Array(CommandLine.arguments.dropFirst()))
    exit(exitCode.rawValue)
  }
}
