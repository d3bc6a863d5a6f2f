// The checker's descriptions of the held-out screens (second set).
import Foundation
import HeldoutScreens
import ScreenChecks

/// A screen to measure: its checker, what it is expected to be, and the
/// actions a trial makes.
struct HeldoutScreen {
  var name: String
  var expected: String  // "flawed" or "correct"
  var actions: Int
  var checked: CheckedScreen
}

// MARK: signalapp/Signal-iOS (PR #3826; after: commit 0023e9a4)

func signalSearch(_ name: String, fixed: Bool) -> ScreenDescription<ConversationSearchViewController> {
  ScreenDescription(
    name, contract: .latestWins + .clearing,
    actions: [.type { $0.searchText = $1 }, .clear { $0.searchText = "" }]
  ) { deps in
    ConversationSearchViewController(
      databaseStorage: DatabaseStorage(
        searchForHomeScreen: deps.endpoint("fts") { _, answer in answer.tokens(2).map(ThreadViewModel.init(uniqueId:)) }),
      clock: deps.clock, discardsStaleResults: fixed)
  } snapshot: { model in
    ScreenSnapshot(results: model.searchResultSet.threads.map(\.uniqueId), isLoading: false)
  }
}

// MARK: Finalet/Elegant-Emoji-Picker (PR #52, issue #49)

let emojiPickerScreen = ScreenDescription(
  "emoji-picker-search", contract: .latestWins + .clearing,
  actions: [.type { $0.searchFieldChanged($1) }, .clear { $0.clearButtonTap() }]
) { deps in
  ElegantEmojiPicker(searchResultFor: deps.endpoint("emoji") { _, answer in answer.tokens(2).map(Emoji.init(emoji:)) })
} snapshot: { model in
  ScreenSnapshot(results: (model.displayedResults ?? []).map(\.emoji), isLoading: false)
}

// MARK: Automattic/pocket-casts-ios (NowPlayingViewModel, Task.detached)

let nowPlayingScreen = ScreenDescription(
  "pocketcasts-now-playing", contract: .latestWins,
  actions: [.type { $0.playbackTrackChanged(to: $1) }]
) { deps in
  NowPlayingViewModel(imageManager: ImageManager(fetch: deps.endpoint("artwork") { _, answer in EpisodeArtwork(id: answer.token(0)) }))
} snapshot: { model in
  ScreenSnapshot(results: model.displayImage.map { [$0.id] } ?? [], label: model.episode, isLoading: false)
}

// MARK: milind-soni/OpenMausBot (PR #214 review)

func chatListScreen(_ name: String, fixed: Bool) -> ScreenDescription<ChatListModel> {
  ScreenDescription<ChatListModel>(
    name, contract: .latestWins + .loadingState + .clearing,
    actions: [.type { $0.query = $1 }, .clear { $0.query = "" }],
    tasks: [.task(id: { $0.query }) { (model) async -> Void in await model.searchTask() }]
  ) { (deps: ScreenDependencies) -> ChatListModel in
    ChatListModel(
      session: ChatSession(fetch: deps.endpoint("transcripts") { _, answer in answer.tokens(2).map(TranscriptHit.init(id:)) }),
      clock: deps.clock, rechecksAfterSearch: fixed)
  } snapshot: { (model) -> ScreenSnapshot in
    ScreenSnapshot(results: model.searchHits.map(\.id), isLoading: model.searching)
  }
}

// MARK: xmtplabs/convos-ios (PR #20 review)

let composerScreen = ScreenDescription(
  "convos-composer-search", contract: .latestWins + .clearing,
  actions: [.type { $0.searchText = $1 }, .clear { $0.searchText = "" }]
) { deps in
  ConversationComposerContentView(
    profileSearchRepo: ProfileSearchRepository(fetch: deps.endpoint("profiles") { _, answer in answer.tokens(2).map(Profile.init(id:)) }))
} snapshot: { model in
  ScreenSnapshot(results: model.profileResults.map(\.id), isLoading: false)
}

let heldoutScreens: [HeldoutScreen] = [
  HeldoutScreen(name: "signal-home-search", expected: "flawed", actions: 2, checked: signalSearch("signal-home-search", fixed: false).checked),
  HeldoutScreen(name: "emoji-picker-search", expected: "flawed", actions: 2, checked: emojiPickerScreen.checked),
  HeldoutScreen(name: "pocketcasts-now-playing", expected: "flawed", actions: 2, checked: nowPlayingScreen.checked),
  HeldoutScreen(name: "chatlist-search", expected: "flawed", actions: 2, checked: chatListScreen("chatlist-search", fixed: false).checked),
  HeldoutScreen(name: "convos-composer-search", expected: "flawed", actions: 2, checked: composerScreen.checked),
  HeldoutScreen(name: "signal-home-search-fixed", expected: "correct", actions: 2, checked: signalSearch("signal-home-search-fixed", fixed: true).checked),
  HeldoutScreen(name: "chatlist-search-fixed", expected: "correct", actions: 2, checked: chatListScreen("chatlist-search-fixed", fixed: true).checked),
]
