import Foundation

/// A user's package, as the build-settings ladder compiles it: the target
/// holding their screen descriptions and the package's own targets it
/// depends on, read from `swift package describe`.
///
/// Only the package's own targets are compiled under a rung; what they
/// import from other packages (this package's `ScreenChecks` among them) is
/// built once by SwiftPM, with the flags its manifest gives, and found
/// through its modules folder.
struct UserPackage: Sendable, Equatable {
  /// One of the package's own Swift targets.
  struct Target: Sendable, Equatable {
    /// The target's name.
    var name: String
    /// Its module's name (`c99name`).
    var module: String
    /// Its Swift files, absolute.
    var sources: [URL]
  }

  /// The package's folder.
  var root: URL
  /// Its identity, as a dependant names it: the folder's name, lowercased;
  /// the targets are compiled with it as their package name, as SwiftPM does.
  var identity: String
  /// The screens target and the package's own targets it depends on, each
  /// after those it imports.
  var chain: [Target]

  /// The screens target: the last of ``chain``.
  var screens: Target { chain[chain.count - 1] }

  /// The screen descriptions the screens target declares at the top level,
  /// by name: `public let <name> = ScreenDescription(` (a type annotation
  /// allowed), in file order.
  func screenNames() throws -> [String] {
    let declaration = /(?m)^public\s+(?:let|var)\s+(\w+)\s*(?::\s*ScreenDescription<[^=]*>\s*)?=\s*ScreenDescription\b/
    var names: [String] = []
    for file in screens.sources.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
      let text = try String(contentsOf: file, encoding: .utf8)
      names += text.matches(of: declaration).map { String($0.output.1) }
    }
    return names
  }

  /// Reads the package at `path` with `swift package describe`.
  /// - Parameters:
  ///   - path: the package's folder.
  ///   - screens: the name of the target holding the screen descriptions.
  ///   - swift: the `swift` executable.
  /// - Returns: the package.
  /// - Throws: ``UserPackageError``: no package there, a manifest that does
  ///   not load, no such target, or a target that is not Swift.
  static func load(at path: String, screens: String, swift: String) throws -> UserPackage {
    let root = URL(fileURLWithPath: path).standardizedFileURL
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue,
      FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
    else { throw UserPackageError.notAPackage(path: path) }

    let described = try ToolRun.run(swift, ["package", "describe", "--type", "json"], in: root)
    guard described.status == 0,
      let description = try? JSONDecoder().decode(Description.self, from: described.standardOutput)
    else {
      throw UserPackageError.manifestDoesNotLoad(path: path, firstLine: Self.firstLine(of: described))
    }
    let targets = Dictionary(description.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    guard targets[screens] != nil else {
      throw UserPackageError.noSuchTarget(
        screens, path: path, targets: description.targets.filter { $0.type != "test" }.map(\.name).sorted())
    }
    var chain: [Target] = []
    var visited: Set<String> = []
    func visit(_ name: String) throws {
      guard let target = targets[name], visited.insert(name).inserted else { return }
      for dependency in target.targetDependencies ?? [] { try visit(dependency) }
      guard target.moduleType == "SwiftTarget" else {
        throw UserPackageError.notSwift(name, path: path, moduleType: target.moduleType)
      }
      let folder = root.appendingPathComponent(target.path)
      chain.append(
        Target(
          name: name, module: target.c99name,
          sources: target.sources.filter { $0.hasSuffix(".swift") }.map { folder.appendingPathComponent($0) }))
    }
    try visit(screens)
    return UserPackage(root: root, identity: root.lastPathComponent.lowercased(), chain: chain)
  }

  /// The first line of what a failed `swift package describe` printed that says what is wrong.
  private static func firstLine(of result: ToolRun.Result) -> String {
    let lines = result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    return lines.first { $0.contains("error:") } ?? lines.first { !$0.isEmpty }
      ?? "swift package describe exited \(result.status)"
  }

  /// What `swift package describe --type json` prints, as far as it is read.
  private struct Description: Decodable {
    struct Target: Decodable {
      var name: String
      var c99name: String
      var type: String
      var path: String
      var sources: [String]
      var moduleType: String
      var targetDependencies: [String]?

      enum CodingKeys: String, CodingKey {
        case name, c99name, type, path, sources
        case moduleType = "module_type"
        case targetDependencies = "target_dependencies"
      }
    }
    var targets: [Target]
  }
}

/// Why a user's package cannot be put on the ladder; `bench` prints it on
/// one line and exits 64 (usage).
enum UserPackageError: Error, Equatable, CustomStringConvertible {
  case notAPackage(path: String)
  case manifestDoesNotLoad(path: String, firstLine: String)
  case noSuchTarget(String, path: String, targets: [String])
  case notSwift(String, path: String, moduleType: String)
  case dependenciesDoNotBuild(path: String, firstLines: String)

  var description: String {
    switch self {
    case .notAPackage(let path):
      "--package \(path): no Package.swift there; give the folder of the package that holds your screens"
    case .manifestDoesNotLoad(let path, let line):
      "--package \(path): its manifest does not load: \(line)"
    case .noSuchTarget(let name, let path, let targets):
      "--screens \(name): \(path) has no such target; its targets are \(targets.joined(separator: ", "))"
    case .notSwift(let name, let path, let moduleType):
      "--screens: target \(name) of \(path) is a \(moduleType), and only Swift targets are compiled under the settings"
    case .dependenciesDoNotBuild(let path, let lines):
      "--package \(path): does not build as its manifest stands, so no setting can be tried: \(lines)"
    }
  }
}
