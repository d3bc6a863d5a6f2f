import CheckerFixtures
import Foundation
import Observation
import ScreenChecks
import Testing

/// Why the checker merges no orderings (docs/refetch-cancel.md, "Why the
/// orderings are not reduced"): two answers taken on in either order, with
/// nothing the checker sees telling the orders apart until a later render,
/// can still decide what that render shows.
///
/// The feed below loads more with three calls at once: the unread count,
/// awaited first, and two pages, whose tasks add each page to a buffer as
/// it arrives. While the count is outstanding, a page's answer makes no
/// render, no call and no main-actor job (the load awaits the count): only
/// the page's own task runs, and writes under a lock. Sleep sets or
/// partial-order reduction over what the checker observes would treat the
/// two page answers as independent there and run one order of them; the
/// other order is the flaw.
@Suite struct ReductionCounterexampleTests {
  /// The pages, in the order their answers arrived.
  // Safety: `arrived` is read and written only under `lock`.
  final class PageArrivals: @unchecked Sendable {
    private let lock = NSLock()
    private var arrived: [FeedPage] = []

    func add(_ load: @Sendable () async throws -> FeedPage) async {
      guard let page = try? await load() else { return }
      lock.withLock { arrived.append(page) }
    }

    var pages: [FeedPage] { lock.withLock { arrived } }
  }

  @Observable @MainActor
  final class PrefetchingFeedModel {
    private(set) var posts: [FeedPost] = []
    private(set) var unread = 0
    private(set) var isLoading = false
    @ObservationIgnored private let page: @Sendable (Int) async throws -> FeedPage
    @ObservationIgnored private let unreadCount: @Sendable () async throws -> Int

    init(page: @escaping @Sendable (Int) async throws -> FeedPage, unread: @escaping @Sendable () async throws -> Int) {
      self.page = page
      self.unreadCount = unread
    }

    func refresh() async {
      isLoading = true
      if let first = try? await page(1) { posts = first.posts }
      isLoading = false
    }

    /// The flaw: the pages are shown in the order they arrived.
    func loadMore() async {
      isLoading = true
      let arrivals = PageArrivals()
      let page = self.page
      async let count = unreadCount()
      async let second: Void = arrivals.add { try await page(2) }
      async let third: Void = arrivals.add { try await page(3) }
      unread = (try? await count) ?? unread
      _ = await (second, third)
      posts += arrivals.pages.flatMap(\.posts)
      isLoading = false
    }
  }

  static let prefetchingFeed = ScreenDescription(
    "prefetching-feed", contract: FixtureScreens.feedContract + .paging,
    actions: [.refresh { await $0.refresh() }, .nextPage { await $0.loadMore() }],
    make: { deps in
      PrefetchingFeedModel(
        page: deps.endpoint("page") { (_: Int, content) in FeedPage(posts: content.tokens(2).map { FeedPost(id: $0) })
        },
        unread: deps.endpoint("unread") { _ in 3 })
    },
    snapshot: { ScreenSnapshot(results: $0.posts.map(\.id), isLoading: $0.isLoading) })

  @MainActor
  @Test func twoAnswersNothingTellsApartBeforeTheRenderDecideWhatItShows() async throws {
    let checker = ScreenChecker(Self.prefetchingFeed, configuration: CheckConfiguration(actions: 2))
    // page2 is page 2's call, page2#2 page 3's; unread2 the count.
    let inOrder = try await checker.replay(ScreenSchedule(parsing: "r1,page1,n2,page2,page2#2,unread2"))
    let swapped = try await checker.replay(ScreenSchedule(parsing: "r1,page1,n2,page2#2,page2,unread2"))
    #expect(inOrder.verdict.outcome == ScreenOutcome.latestOnly, "\(inOrder.transcript)")
    #expect(swapped.verdict.outcome == ScreenOutcome.pageOrder, "\(swapped.transcript)")
    // Everything the view showed before the render after the count is the same.
    let beforeTheRender = { (result: ScreenTrialResult) in Array(result.viewLog.dropLast()) }
    #expect(beforeTheRender(inOrder) == beforeTheRender(swapped))
    #expect(inOrder.viewLog.last != swapped.viewLog.last)
    // The checker's own run, which merges nothing, finds it.
    let report = try await checker.runSystematic(SystematicOptions(injectFailures: false, deepenTo: 0))
    #expect(report.count(.pageOrder) > 0, "\(report.table)")
  }
}
