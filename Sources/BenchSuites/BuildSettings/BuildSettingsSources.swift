import Foundation

/// Where the files the build-settings suite compiles at run time are: the
/// scene, its driver and the support module, in the package's checkout.
///
/// They are found from this file's own path, so the suite works from
/// `swift run bench` in a checkout; a `bench` binary moved away from its
/// checkout cannot run it and says so.
struct BuildSettingsSources: Sendable {
  /// The package's root directory.
  var root: URL

  var scene: URL { root.appendingPathComponent("Benchmarks/BuildSettings/Scene/ProfileScene.swift") }
  var driverDirectory: URL { root.appendingPathComponent("Benchmarks/BuildSettings/Driver") }
  var supportDirectory: URL { root.appendingPathComponent("Sources/BuildSettingsSupport") }
  /// The sources of one of the package's library targets, like `IsolationChecks`.
  func moduleDirectory(_ module: String) -> URL { root.appendingPathComponent("Sources/\(module)") }
  /// Where built rungs are cached, keyed by sources, flags and compiler.
  var cacheDirectory: URL { root.appendingPathComponent(".build/build-settings") }

  /// The checkout this file was compiled from.
  /// - Throws: ``BuildSettingsError/sourcesMissing(_:)`` when no directory above this file holds the scene.
  static func locate(filePath: String = #filePath) throws -> BuildSettingsSources {
    // The nearest directory above this file that holds the scene: the
    // checkout, wherever in it this file lives.
    var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while directory.pathComponents.count > 1 {
      let sources = BuildSettingsSources(root: directory)
      if FileManager.default.fileExists(atPath: sources.scene.path) { return sources }
      directory = directory.deletingLastPathComponent()
    }
    throw BuildSettingsError.sourcesMissing(
      "Benchmarks/BuildSettings/Scene/ProfileScene.swift above \(filePath)")
  }

  /// The Swift files of a directory and its subdirectories, sorted by path.
  static func swiftFiles(recursivelyIn directory: URL) throws -> [URL] {
    guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
      throw BuildSettingsError.sourcesMissing(directory.path)
    }
    return enumerator.compactMap { $0 as? URL }
      .filter { $0.pathExtension == "swift" }
      .sorted { $0.path < $1.path }
  }

  /// The Swift files of a directory, sorted by name.
  static func swiftFiles(in directory: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "swift" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }
}
