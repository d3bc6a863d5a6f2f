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
let usage = "usage: driver <iterations> <posts> <concurrent loads> <hops per round> <stress trials> <seed>\n"
let arguments = CommandLine.arguments.dropFirst().compactMap { UInt64($0) }
guard arguments.count == 6, arguments.dropLast().allSatisfy({ $0 > 0 && $0 <= Int.max }) else {
  FileHandle.standardError.write(Data(usage.utf8))
  exit(64)
}
let plan = DriverPlan(
  iterations: Int(arguments[0]), posts: Int(arguments[1]), concurrentLoads: Int(arguments[2]),
  hopSamples: Int(arguments[3]), stressTrials: Int(arguments[4]), seed: arguments[5])
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
