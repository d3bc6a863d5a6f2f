// The names of the previous release, for code written against it: each
// builds, with a deprecation warning that names its replacement. "seed"
// named both the random seed and the guides' scene; in code the scene is
// now `guide`. Results, replay strings and the command line keep `seed`.

extension ViewPolicy {
  /// The guide's view.
  @available(*, deprecated, renamed: "guide")
  public static var seed: ViewPolicy { .guide }
}

extension InteractorVariant {
  /// The guide's interactor.
  @available(*, deprecated, renamed: "guide")
  public static var seed: InteractorVariant { .guide }
  /// The guide's interactor, isolated to the main actor.
  @available(*, deprecated, renamed: "mainActorGuide")
  public static var mainActorSeed: InteractorVariant { .mainActorGuide }
}

/// The guide's interactor.
@available(*, deprecated, renamed: "GuideProfileInteractor")
public typealias SeedProfileInteractor = GuideProfileInteractor

/// The guide's interactor, isolated to the main actor.
@available(*, deprecated, renamed: "MainActorGuideProfileInteractor")
public typealias MainActorSeedProfileInteractor = MainActorGuideProfileInteractor
