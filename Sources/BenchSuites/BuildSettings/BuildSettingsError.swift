import Foundation

/// Why the build-settings suite could not run; the driver reports it and
/// `bench` exits 70 (internal error).
enum BuildSettingsError: Error, CustomStringConvertible {
  case noCompiler(String)
  case sourcesMissing(String)
  case harnessDoesNotBuild(rung: String, step: String, firstLines: String)
  case driverFailed(rung: String, status: Int32, firstLines: String)

  var description: String {
    switch self {
    case .noCompiler(let reason):
      "build-settings needs the Swift compiler at run time: \(reason); set SWIFT_EXEC to swiftc's path"
    case .sourcesMissing(let path):
      "build-settings compiles the scene from the package's checkout, and \(path) is missing; run bench from its checkout"
    case .harnessDoesNotBuild(let rung, let step, let lines):
      "build-settings: the \(step) does not build for \(rung): \(lines)"
    case .driverFailed(let rung, let status, let lines):
      "build-settings: the driver of \(rung) failed (exit \(status)): \(lines)"
    }
  }
}
