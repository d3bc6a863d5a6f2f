// The build-settings driver: compiled with fixed settings (Swift 6, no
// upcoming features) against one build of the scene, it measures that build
// and prints a DriverReport as JSON on standard output. The suite compiles
// and runs it once per setting (Benchmarks/BuildSettings/README.md).
//
// Usage: driver <iterations> <posts> <concurrent loads> <hops per round> <stress trials> <seed>
//        driver systematic    (the refetch checker's systematic tables, for the tests)
import BuildSettingsSupport
import Foundation

MainQueueMarker.install()
if CommandLine.arguments.dropFirst().first == "systematic" {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  FileHandle.standardOutput.write(try encoder.encode(await RefetchRun.systematic()))
  FileHandle.standardOutput.write(Data("\n".utf8))
  exit(0)
}
guard let plan = DriverPlan(arguments: Array(CommandLine.arguments.dropFirst())) else {
  FileHandle.standardError.write(Data("\(DriverPlan.usage)\n".utf8))
  exit(64)
}
do {
  let report = try await DriverRun(plan: plan).measure()
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  FileHandle.standardOutput.write(try encoder.encode(report))
  FileHandle.standardOutput.write(Data("\n".utf8))
  exit(0)
} catch {
  FileHandle.standardError.write(Data("driver: \(error)\n".utf8))
  exit(70)
}
