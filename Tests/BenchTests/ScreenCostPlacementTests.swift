import BenchKit
import Foundation
import ScreenChecks
import Testing

@testable import BenchSuites

/// Where a user's decoding runs, measured under a setting, not read off the
/// source: a package with two clients of one feed, one written plainly and
/// one with its loading `@concurrent`, compiled under Swift 6 and under
/// Swift 6 with default `MainActor` isolation, and run by the suite's
/// driver with a large payload.
///
/// Default `MainActor` isolation makes the plain client main-actor code,
/// so its decoding runs on the main actor; under Swift 6 alone it runs off.
/// The `@concurrent` client decodes off the main actor under both. The
/// test fails if the cost run misplaces the decoding (counts the main
/// actor's work as elsewhere, or the other way round), or if the setting's
/// flags do not reach the compilation.
///
/// SwiftPM builds what the package imports once, in release, into the
/// package's `.build/build-settings/` (a few minutes the first time); the
/// package is written under this package's `.build/`, so that a second run
/// finds that build.
private let compiler = try? SwiftCompiler.locate()

@Suite struct ScreenCostPlacementTests {
  static let files: [String: String] = [
    "Package.swift": """
    // swift-tools-version: 6.2
    import PackageDescription

    let package = Package(
      name: "DecodingPlacement",
      platforms: [.macOS(.v15), .iOS(.v18)],
      dependencies: [.package(name: "IsolationBench", path: "\(root.path)")],
      targets: [
        .target(name: "Feed"),
        .target(
          name: "FeedChecks",
          dependencies: ["Feed", .product(name: "ScreenChecks", package: "IsolationBench")]),
      ]
    )
    """,
    "Sources/Feed/Feed.swift": """
    import Foundation
    import Observation

    nonisolated public struct Item: Decodable, Sendable {
      public var title: String
    }

    /// Decodes wherever its isolation says: the main actor's under default `MainActor` isolation.
    public struct PlainClient: Sendable {
      public var fetch: @Sendable () async throws -> Data
      public init(fetch: @escaping @Sendable () async throws -> Data) { self.fetch = fetch }
      public func load() async throws -> [String] {
        try JSONDecoder().decode([Item].self, from: try await fetch()).map(\\.title)
      }
    }

    /// Decodes off every actor, whatever the default isolation.
    nonisolated public struct ConcurrentClient: Sendable {
      public var fetch: @Sendable () async throws -> Data
      public init(fetch: @escaping @Sendable () async throws -> Data) { self.fetch = fetch }
      @concurrent public func load() async throws -> [String] {
        try JSONDecoder().decode([Item].self, from: try await fetch()).map(\\.title)
      }
    }

    @Observable @MainActor
    public final class FeedModel {
      public private(set) var titles: [String] = []
      public private(set) var isLoading = false
      @ObservationIgnored private let load: @Sendable () async throws -> [String]
      @ObservationIgnored private var task: Task<Void, Never>?

      public init(load: @escaping @Sendable () async throws -> [String]) { self.load = load }

      public func reload() {
        task?.cancel()
        isLoading = true
        task = Task {
          let titles = (try? await load()) ?? []
          guard !Task.isCancelled else { return }
          self.titles = titles
          isLoading = false
        }
      }
    }
    """,
    "Sources/FeedChecks/FeedChecks.swift": """
    import Feed
    import ScreenChecks

    public let plainFeed = ScreenDescription("plain-feed", actions: [.refresh { $0.reload() }]) { deps in
      let client = PlainClient(fetch: deps.endpoint("feed") { answer in
        answer.json(answer.tokens(answer.payloadSize ?? 2).map { ["title": $0] })
      })
      return FeedModel(load: { try await client.load() })
    } snapshot: { model in
      ScreenSnapshot(results: model.titles, isLoading: model.isLoading)
    }

    public let concurrentFeed = ScreenDescription("concurrent-feed", actions: [.refresh { $0.reload() }]) { deps in
      let client = ConcurrentClient(fetch: deps.endpoint("feed") { answer in
        answer.json(answer.tokens(answer.payloadSize ?? 2).map { ["title": $0] })
      })
      return FeedModel(load: { try await client.load() })
    } snapshot: { model in
      ScreenSnapshot(results: model.titles, isLoading: model.isLoading)
    }
    """,
  ]

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test(.enabled(if: compiler != nil, "no swiftc found (SWIFT_EXEC, PATH): cannot build a setting"))
  func decodingRunsWhereTheSettingPutsTheClientAndConcurrentMovesItOff() throws {
    let folder = Self.root.appendingPathComponent(".build/test-packages/DecodingPlacement")
    for (path, text) in Self.files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      if (try? String(contentsOf: url, encoding: .utf8)) != text { try Data(text.utf8).write(to: url) }
    }
    let builder = UserRungBuilder(
      package: try UserPackage.load(at: folder.path, screens: "FeedChecks", swift: UserPackageLadderTests.swift),
      compiler: compiler!)
    #expect(try builder.package.screenNames() == ["plainFeed", "concurrentFeed"])
    let modules = try builder.buildDependencies()
    let costs = ScreenCostOptions(payloadSizes: [1, 20_000], repetitions: 3)
    var placements: [String: String] = [:]
    for id in ["swift6", "swift6-mainactor"] {
      let build = try builder.build(try #require(BuildSettingsRung.ladder.first { $0.id == id }), modules: modules)
      try #require(build.builds, "\(id): \(build.diagnostics)")
      let run = try builder.checkScreens(["plainFeed", "concurrentFeed"], of: build, modules: modules, costs: costs)
      #expect(run.notes.isEmpty, "\(id): \(run.notes)")
      for cost in run.costs where cost.action == "refresh" && cost.payloadSize == 20_000 {
        placements["\(id) \(cost.screen)"] = cost.placement
      }
    }
    #expect(
      placements == [
        "swift6 plainFeed": "off-main", "swift6 concurrentFeed": "off-main",
        "swift6-mainactor plainFeed": "main-actor", "swift6-mainactor concurrentFeed": "off-main",
      ])
  }
}
