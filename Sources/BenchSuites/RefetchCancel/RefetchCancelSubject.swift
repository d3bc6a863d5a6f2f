import IsolationChecks
import MockNetwork
import ProfileScene

/// What `refetch-cancel` checks in one row group of its tables: a registered
/// interactor behind a view policy (``RefetchVariant``), or a registered
/// screen (``ScreenVariant``), with a cancellation style.
protocol RefetchCancelSubject: Sendable {
  /// The variant column of `refetch-cancel.csv`, and the first half of a replay string.
  var name: String { get }
  /// The scene or screen, without the cancellation style, for notes.
  var sceneName: String { get }
  /// Whether it claims its contract: its forbidden outcomes fail the run.
  var isCorrectedScene: Bool { get }
  /// How its network reports cancellation.
  var cancellationStyle: CancellationStyle { get }
  /// `name:schedule`, what `--replay` takes.
  func replayString(_ schedule: ScreenSchedule) -> String
  /// The checker's systematic run.
  @MainActor func runSystematic(_ configuration: CheckConfiguration, _ options: SystematicOptions) async throws
    -> ScreenReport
  /// The checker's stress run over its own network.
  @MainActor func runStress(_ configuration: CheckConfiguration, _ options: StressOptions) async throws
    -> ScreenReport
  /// One systematic trial, rerun.
  @MainActor func replay(_ configuration: CheckConfiguration, _ schedule: ScreenSchedule) async throws
    -> ScreenTrialResult
}

extension RefetchVariant: RefetchCancelSubject {
  var sceneName: String { "\(interactor)/\(policy)" }

  @MainActor func runSystematic(_ configuration: CheckConfiguration, _ options: SystematicOptions) async
    -> ScreenReport
  {
    await RefetchChecker(scene: scene, configuration: configuration).runSystematic(options)
  }

  @MainActor func runStress(_ configuration: CheckConfiguration, _ options: StressOptions) async
    -> ScreenReport
  {
    await RefetchChecker(scene: scene, configuration: configuration).runStress(options)
  }

  @MainActor func replay(_ configuration: CheckConfiguration, _ schedule: ScreenSchedule) async throws
    -> ScreenTrialResult
  {
    try await RefetchChecker(scene: scene, configuration: configuration).replayFollowing(schedule)
  }
}

extension ScreenVariant: RefetchCancelSubject {
  var sceneName: String { screen.name }

  @MainActor func runSystematic(_ configuration: CheckConfiguration, _ options: SystematicOptions) async throws
    -> ScreenReport
  {
    try await ScreenChecker(screen.checked, configuration: configuration).runSystematic(options)
  }

  @MainActor func runStress(_ configuration: CheckConfiguration, _ options: StressOptions) async throws
    -> ScreenReport
  {
    try await ScreenChecker(screen.checked, configuration: configuration).runStress(options)
  }

  @MainActor func replay(_ configuration: CheckConfiguration, _ schedule: ScreenSchedule) async throws
    -> ScreenTrialResult
  {
    try await ScreenChecker(screen.checked, configuration: configuration).replay(schedule)
  }
}

/// Every subject of a registry, and reading a replay string against them.
enum RefetchCancelSubjects {
  /// The interactors' variants, then the screens'.
  static func all(in scenes: SceneRegistry) -> [any RefetchCancelSubject] {
    RefetchVariant.all(in: scenes) + ScreenVariant.all(in: scenes)
  }

  /// Reads a replay string, `variant:schedule`, against `scenes`' variants.
  /// - Throws: ``ScheduleParseError`` when the variant is unknown or the schedule unreadable.
  static func parseReplay(_ text: String, in scenes: SceneRegistry) throws(ScheduleParseError)
    -> (variant: any RefetchCancelSubject, schedule: ScreenSchedule)
  {
    guard let colon = text.firstIndex(of: ":") else {
      throw ScheduleParseError(
        token: text, reason: "a replay string is <variant>:<schedule>, like corrected/seed/url-session:t1,t2,u2,p2")
    }
    let name = String(text[..<colon])
    let subjects = all(in: scenes)
    guard let variant = subjects.first(where: { $0.name == name }) else {
      throw ScheduleParseError(
        token: name, reason: "unknown variant; one of \(subjects.map(\.name).joined(separator: ", "))")
    }
    return (variant, try ScreenSchedule(parsing: String(text[text.index(after: colon)...])))
  }
}
