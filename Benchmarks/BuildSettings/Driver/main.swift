// The build-settings driver: compiled with fixed settings (Swift 6, no
// upcoming features) against one build of the scene, it measures that build
// and prints a DriverReport as JSON on standard output. The suite compiles
// and runs it once per setting (Benchmarks/BuildSettings/README.md).
//
// Usage: driver <iterations> <posts> <concurrent loads>
import BuildSettingsSupport
import Foundation

MainQueueMarker.install()
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
guard arguments.count == 3, arguments.allSatisfy({ $0 > 0 }) else {
  FileHandle.standardError.write(Data("usage: driver <iterations> <posts> <concurrent loads>\n".utf8))
  exit(64)
}
let plan = DriverPlan(iterations: arguments[0], posts: arguments[1], concurrentLoads: arguments[2])
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
