import ProfileScene
import Testing

@Suite struct SceneRegistryTests {
  @Test func theShippedRegistryHoldsThePackagesFourInteractorsWithTheirDesigns() {
    let shipped = SceneRegistry.shipped
    #expect(shipped.interactors.map(\.name) == ["seed", "corrected", "main-actor-seed", "main-actor-corrected"])
    #expect(shipped.interactors.map(\.design) == [.underStudy, .corrected, .underStudy, .corrected])
    #expect(shipped.problems.isEmpty)
  }

  @Test func aRegisteredInteractorIsFoundByNameAfterTheShippedOnes() {
    var scenes = SceneRegistry.shipped
    scenes.register("my-interactor-2", design: .underStudy, makeInteractor: InteractorVariant.corrected.factory)
    #expect(scenes.interactors.last?.name == "my-interactor-2")
    #expect(scenes.interactor(named: "my-interactor-2")?.design == .underStudy)
    #expect(scenes.interactor(named: "mine") == nil)
    #expect(scenes.problems.isEmpty)
  }

  @Test(arguments: [
    ("", "the interactor name \"\" is not kebab case (lowercase letters, digits, single hyphens)"),
    ("Mine", "the interactor name \"Mine\" is not kebab case (lowercase letters, digits, single hyphens)"),
    ("my/one", "the interactor name \"my/one\" is not kebab case (lowercase letters, digits, single hyphens)"),
    ("a--b", "the interactor name \"a--b\" is not kebab case (lowercase letters, digits, single hyphens)"),
    ("-a", "the interactor name \"-a\" is not kebab case (lowercase letters, digits, single hyphens)"),
    ("seed", "the interactor name \"seed\" is registered twice"),
  ])
  func aNameThatCannotBeUsedIsRefusedAndRecorded(name: String, problem: String) {
    var scenes = SceneRegistry.shipped
    scenes.register(name, makeInteractor: InteractorVariant.corrected.factory)
    #expect(scenes.problems == [problem])
    #expect(scenes.interactors.count == 4, "the refused entry is not added")
  }
}
