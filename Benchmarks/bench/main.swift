// The `bench` executable: wires the registered suites to BenchKit's driver.
// Top-level `await` makes `main` async, so the main queue is drained and
// @MainActor work in the suites runs.
import BenchKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

InterruptSignal.install()
let driver = BenchDriver(
  overview: "Measures and checks the concurrency of the VIP profile scene: parallel fetch, refetch and actor hops.",
  suites: allSuites(),
  subcommands: [.compare]
)
let exitCode = await driver.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(exitCode.rawValue)
