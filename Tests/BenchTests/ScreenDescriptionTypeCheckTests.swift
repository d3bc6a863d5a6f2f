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
    // ObservableObject is offered only where Combine is.
    #if canImport(Combine)
      let what = "mark it @Observable, conform it to ObservableObject, or pass observation: .displayCalls"
    #else
      let what =
        "mark it @Observable (ObservableObject needs Combine, which this platform lacks), or pass observation: "
        + ".displayCalls"
    #endif
    #expect(
      result.output.contains(
        "is unavailable: the checker cannot observe this model: \(what) and call deps.displayed()"),
      "\(result.output)")
    #expect(!result.output.contains("reasonable time"), "\(result.output)")
  }

  /// The README's interactor check as the previous release printed it, and
  /// the other names that release had for the generic core.
  static let previousReleasesCode = """
    import IsolationChecks
    import ProfileScene

    @MainActor
    func checkRefetch(of makeInteractor: @escaping InteractorFactory) async -> RefetchReport {
      let scene = SceneUnderTest("mine", policy: .latestRequestOnly, makeInteractor: makeInteractor)
      let checker = RefetchChecker(
        scene: scene, configuration: RefetchCheckConfiguration(taps: 2, cancellationStyle: .urlSession))
      let report = await checker.runSystematic()  // or runStress(StressOptions(trials: 5_000))
      print(report.table)
      return report
    }

    func olderNames(_ report: RefetchReport) -> [RefetchOutcome] {
      var configuration = RefetchCheckConfiguration(taps: 3)
      configuration.taps = RefetchCheckConfiguration.tapRange.upperBound
      let expectation: RefetchExpectation = .contract
      var systematic = SystematicOptions(exhaustiveTapLimit: 3, tapsBeforePresentations: false)
      systematic.exhaustiveTapLimit += SystematicOptions(tapsBeforePresentations: true).exhaustiveTapLimit
      var stress = StressOptions(trials: 10, maxTapGap: .microseconds(500))
      stress.maxTapGap = .microseconds(configuration.taps)
      let schedule: RefetchSchedule? = nil
      let trial: RefetchTrialResult? = nil
      let verdict: RefetchVerdict? = nil
      let metrics: RefetchMetrics? = nil
      _ = (expectation, systematic, stress, schedule, trial, verdict, metrics)
      return RefetchOutcome.tableOrder
    }

    @MainActor
    func guidesScene() -> [SceneUnderTest] {
      let older: SeedProfileInteractor.Type = SeedProfileInteractor.self
      let onMain: MainActorSeedProfileInteractor.Type = MainActorSeedProfileInteractor.self
      _ = (older, onMain)
      return [.shipped(.seed, policy: .seed), .shipped(.mainActorSeed, policy: .seed)]
    }
    """

  @Test(.enabled(if: canCompile, "no swiftc or no debug build of ScreenChecks to compile against"))
  func codeWrittenAgainstThePreviousReleasesNamesBuildsWithDeprecationWarningsOnly() throws {
    let result = try Self.typecheck(Self.previousReleasesCode)
    #expect(result.status == 0, "\(result.output)")
    let diagnostics = result.output.split(separator: "\n").filter {
      $0.contains(": warning: ") || $0.contains(": error: ")
    }
    #expect(!diagnostics.isEmpty, "the old names compiled without a warning: \(result.output)")
    let others = diagnostics.filter { !$0.contains(": warning: ") || !$0.contains("deprecated") }
    #expect(others.isEmpty, "\(others.joined(separator: "\n"))")
    for name in [
      "RefetchReport", "RefetchCheckConfiguration", "tapRange", "exhaustiveTapLimit", "maxTapGap",
      "SeedProfileInteractor", "MainActorSeedProfileInteractor", "seed", "mainActorSeed",
    ] {
      #expect(diagnostics.contains { $0.contains("'\(name)' is deprecated") }, "\(name): \(result.output)")
    }
  }
}
