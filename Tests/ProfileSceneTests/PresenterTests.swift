import ProfileScene
import Testing

@Suite struct PresenterTests {
  @Test func previewKeepsAShortBodyWhole() {
    let body = String(repeating: "a", count: 80)
    #expect(ProfilePresenter.preview(of: body) == body)
    #expect(ProfilePresenter.preview(of: "") == "")
  }

  @Test func previewIsCutAtEightyCharacters() {
    let body = String(repeating: "b", count: 81)
    #expect(ProfilePresenter.preview(of: body) == String(repeating: "b", count: 80) + "…")
  }

  @Test(arguments: ["👨‍👩‍👧", "é", "e\u{301}", "🇵🇱", "ก้"])
  func previewCountsCharactersNotScalars(unit: String) {
    let kept = String(repeating: unit, count: 80)
    #expect(ProfilePresenter.preview(of: kept) == kept)
    let cut = ProfilePresenter.preview(of: kept + unit + "tail")
    #expect(cut == kept + "…")
    #expect(cut.count == 81)
  }

  @Test(arguments: [(0, "0 posts"), (1, "1 post"), (2, "2 posts"), (1000, "1000 posts")])
  func postCountIsPluralised(count: Int, text: String) {
    #expect(ProfilePresenter.postCountText(count) == text)
  }

  @Test @MainActor func presentsAFormattedProfileToTheView() {
    let view = ProfileViewController()
    let presenter = ProfilePresenter()
    presenter.viewController = view
    let request = ProfileRequest(userId: "1", id: RequestID(1))
    let user = User(id: 1, name: "Leanne Graham", email: "Sincere@april.biz", username: "Bret")
    let post = Post(id: 9, userId: 1, title: "t", body: String(repeating: "x", count: 100))

    presenter.presentProfile(response: ProfileResponse(request: request, user: user, posts: [post]))

    #expect(view.profile?.displayName == "Leanne Graham")
    #expect(view.profile?.postCount == "1 post")
    #expect(
      view.profile?.posts == [PostCellViewModel(id: 9, title: "t", preview: String(repeating: "x", count: 80) + "…")])
    #expect(view.profile?.request == request)
  }

  @Test @MainActor func presentsAnErrorsDescriptionOrAGenericMessage() {
    let view = ProfileViewController()
    let presenter = ProfilePresenter()
    presenter.viewController = view
    let request = ProfileRequest(userId: "1", id: RequestID(1))

    presenter.presentError(error: ProfileError.notFound, request: request)
    #expect(view.errorMessage == "Profile not found.")

    presenter.presentError(error: CancellationError(), request: request)
    #expect(view.errorMessage == ProfilePresenter.genericErrorMessage)
  }
}
