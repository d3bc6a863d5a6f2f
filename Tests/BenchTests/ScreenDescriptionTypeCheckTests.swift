import Foundation
import Testing

@testable import BenchSuites

/// The README's trailing-closure form, compiled as a user's package would:
/// an `@Observable` model type-checks, and a model the checker cannot
/// observe gets one line naming what to conform to, not "unable to
/// type-check this expression in reasonable time".
@Suite struct ScreenDescriptionTypeCheckTests {
  /// Where this package's build put `ScreenChecks.swiftmodule`.
  static let modules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(".build/debug/Modules")
  static let compiler = try? SwiftCompiler.locate()
  static var canCompile: Bool {
    compiler != nil
      && FileManager.default.fileExists(atPath: modules.appendingPathComponent("ScreenChecks.swiftmodule").path)
  }

  static func typecheck(_ source: String) throws -> ToolRun.Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("screen.swift")
    try Data(source.utf8).write(to: file)
    return try ToolRun.run(
      compiler!.path,
      [
        "-swift-version", "6", "-parse-as-library", "-typecheck", "-I", modules.path, "-module-cache-path",
        directory.path, file.path,
      ])
  }

  static func screen(_ model: String) -> String {
    """
    import Observation
    import ScreenChecks

    \(model)
    final class SearchModel {
      var query = ""
      var results: [String] = []
      let search: @Sendable (String) async throws -> [String]
      init(search: @escaping @Sendable (String) async throws -> [String]) { self.search = search }
    }

    @MainActor let screen = ScreenDescription("search", actions: [.type { $0.query = $1 }, .clear { $0.query = "" }]) { deps in
      SearchModel(search: deps.endpoint("search") { _, answer in answer.tokens(2) })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    """
  }

  @Test(.enabled(if: canCompile, "no swiftc or no debug build of ScreenChecks to compile against"))
  func anObservableModelTypeChecks() throws {
    let result = try Self.typecheck(Self.screen("@Observable @MainActor"))
    #expect(result.status == 0, "\(result.output)")
  }

  @Test(.enabled(if: canCompile, "no swiftc or no debug build of ScreenChecks to compile against"))
  func aModelTheCheckerCannotObserveGetsOneLineNamingWhatToConformTo() throws {
    let result = try Self.typecheck(Self.screen("@MainActor"))
    #expect(result.status != 0)
    #expect(
      result.output.contains(
        "is unavailable: the checker cannot observe this model: mark it @Observable, conform it to "
          + "ObservableObject, or pass observation: .displayCalls and call deps.displayed()"), "\(result.output)")
    #expect(!result.output.contains("reasonable time"), "\(result.output)")
  }
}
