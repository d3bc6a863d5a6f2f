import ScreenChecks
import SearchScreen

// The README's "Check your own screen" section quotes this description,
// from the line after "README description: begin" to the line before
// "README description: end"; a test of IsolationBench fails when they differ.
// README description: begin
/// The search screen, as the checker sees it.
public let searchScreen = ScreenDescription(
  "search", contract: .latestWins + .loadingState + .clearing + .paging,
  actions: [.type { $0.query = $1 }, .clear { $0.query = "" }, .nextPage { $0.loadNextPage() }]
) { deps in
  SearchViewModel(
    client: SearchClient(
      fetch: deps.endpoint("search", key: \.text) { query, answer in
        let items = answer.tokens(answer.payloadSize ?? 2).map { ["id": $0, "full_name": $0] }
        return answer.json(["items": items, "has_more": query.page < 3])
      }),
    clock: deps.clock)
} snapshot: { model in
  ScreenSnapshot(
    results: model.repositories.map(\.id), label: model.resultsQuery, isLoading: model.isSearching,
    error: model.errorMessage)
}
// README description: end

/// The same description, of the flawed view model.
public let flawedSearchScreen = ScreenDescription(
  "flawed-search", contract: .latestWins + .loadingState + .clearing + .paging,
  actions: [.type { $0.query = $1 }, .clear { $0.query = "" }, .nextPage { $0.loadNextPage() }]
) { deps in
  FlawedSearchViewModel(
    client: SearchClient(
      fetch: deps.endpoint("search", key: \.text) { query, answer in
        let items = answer.tokens(answer.payloadSize ?? 2).map { ["id": $0, "full_name": $0] }
        return answer.json(["items": items, "has_more": query.page < 3])
      }),
    clock: deps.clock)
} snapshot: { model in
  ScreenSnapshot(
    results: model.repositories.map(\.id), label: model.resultsQuery, isLoading: model.isSearching,
    error: model.errorMessage)
}
