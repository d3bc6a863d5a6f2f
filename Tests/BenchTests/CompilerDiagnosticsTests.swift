import Foundation
import Testing

@testable import BenchSuites

@Suite struct CompilerDiagnosticsTests {
  /// Primary diagnostics count; the excerpt lines the compiler draws below them and notes do not.
  @Test func countsPrimaryDiagnosticsOnly() {
    let output = """
      /tmp/scene.swift:267:25: error: sending value of non-Sendable type 'any P' risks causing data races [#SendingRisksDataRace]
      265 |     Task {
          |                         |- error: sending value of non-Sendable type 'any P' risks causing data races [#SendingRisksDataRace]
          |                         `- note: sending main actor-isolated value
      /tmp/scene.swift:90:19: error: main actor-isolated conformance of 'User' to 'Decodable' cannot be used in nonisolated context [#IsolatedConformances]
      /tmp/scene.swift:12:7: warning: initialization of immutable value 'x' was never used
      /tmp/scene.swift:13:7: note: something
      """
    let diagnostics = CompilerDiagnostics(parsing: output)
    #expect(diagnostics.errors == 2)
    #expect(diagnostics.warnings == 1)
    #expect(
      diagnostics.diagnostics.map(\.kind) == ["SendingRisksDataRace", "IsolatedConformances", "warning in no group"])
    #expect(diagnostics.diagnostics[1].location == "scene.swift:90:19")
    #expect(diagnostics.kindSummary == "SendingRisksDataRace ×1, IsolatedConformances ×1, warning in no group ×1")
  }

  /// A file with two errors and one warning, compiled by the toolchain's
  /// `swiftc`, is counted as two errors and one warning.
  @Test(.enabled(if: compiler != nil, "no swiftc found (SWIFT_EXEC, PATH): cannot compile the fixture"))
  func countsTheDiagnosticsOfACompiledFixture() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diagnostics-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("fixture.swift")
    try Data(
      """
      func unused() {
        let x = 1
      }
      let a: Int = "one"
      let b: String = 2
      """.utf8
    ).write(to: file)
    let result = try ToolRun.run(
      compiler!.path, ["-swift-version", "6", "-print-diagnostic-groups", "-typecheck", file.path])
    #expect(result.status != 0)
    let diagnostics = CompilerDiagnostics(parsing: result.output)
    #expect(diagnostics.errors == 2)
    #expect(diagnostics.warnings == 1)
  }

  /// `SWIFT_EXEC` comes first, as in SwiftPM.
  @Test func swiftExecComesFirst() {
    let paths = SwiftCompiler.candidatePaths(environment: ["SWIFT_EXEC": "/opt/x/swiftc", "PATH": "/usr/bin"])
    #expect(paths.first == "/opt/x/swiftc")
    #expect(paths.last == "/usr/bin/swiftc")
  }

  /// No compiler anywhere: a one-line error that says how to fix it.
  @Test func noCompilerIsAClearError() {
    #expect(throws: BuildSettingsError.self) {
      try SwiftCompiler.locate(environment: ["PATH": "/nonexistent"])
    }
  }

  @Test func sanitizerFlagsFollowBench() {
    #expect(RungBuilder.sanitizerFlags(for: "none") == [])
    #expect(RungBuilder.sanitizerFlags(for: "thread") == ["-sanitize=thread"])
    #expect(RungBuilder.sanitizerFlags(for: "thread+address") == ["-sanitize=thread", "-sanitize=address"])
  }
}

private let compiler = try? SwiftCompiler.locate()
