import IsolationChecks
import ProfileScene
import Testing

/// Interactors of the shapes apps write, whose load runs in a task the
/// tap's task does not own: the checker returns a report on each, never a
/// trap.
@Suite struct UserTaskShapeTests {
  /// The corrected interactor, but its load runs in `Task.detached` (or a
  /// task of a priority of its own): it no longer inherits the tap's
  /// task-locals, and the checker must still grade it.
  actor LoadsInAnotherTask: ProfileBusinessLogic {
    enum Shape: Sendable { case detached, userInitiated }
    weak var presenter: (any ProfilePresentationLogic)?
    private let worker: any ProfileFetching
    private let shape: Shape
    private var newestRequest: RequestID?
    private var loadingTask: Task<Void, Never>?

    init(worker: any ProfileFetching, presenter: (any ProfilePresentationLogic)?, shape: Shape) {
      self.worker = worker
      self.presenter = presenter
      self.shape = shape
    }

    func fetchProfile(request: ProfileRequest) async {
      if let newestRequest, request.id < newestRequest { return }
      newestRequest = request.id
      loadingTask?.cancel()
      let task: Task<Void, Never>
      switch shape {
      // Detached on purpose: the shape under test is an app's load that leaves the tap's task.
      case .detached: task = Task.detached { await self.load(request) }
      case .userInitiated: task = Task(priority: .userInitiated) { await self.load(request) }
      }
      loadingTask = task
      await task.value
    }

    private func load(_ request: ProfileRequest) async {
      do {
        let response = try await ProfileFetchGroup.fetch(request, from: worker)
        guard !Task.isCancelled, newestRequest == request.id else { return }
        await presenter?.presentProfile(response: response)
      } catch {
        guard !Task.isCancelled, newestRequest == request.id, !error.isCancellation else { return }
        await presenter?.presentError(error: error, request: request)
      }
    }
  }

  /// Both shapes get a report, never a trap. Their verdicts are left to
  /// the tests of what the checker sees of such tasks: the load that leaves
  /// the tap's task is sampled, and a sampled verdict rests on the
  /// machine's timing, which no test here may depend on.
  @MainActor
  @Test(arguments: [LoadsInAnotherTask.Shape.detached, .userInitiated])
  func anInteractorWhoseLoadRunsInAnotherTaskGetsAReport(_ shape: LoadsInAnotherTask.Shape) async {
    let checker = RefetchChecker(
      scene: SceneUnderTest("another-task", policy: .latestRequestOnly) {
        LoadsInAnotherTask(worker: $0, presenter: $1, shape: shape)
      },
      configuration: CheckConfiguration(actions: 2, quiescenceTimeout: .milliseconds(50)))
    let report = await checker.runSystematic(SystematicOptions(maxSchedules: 3))
    #expect(report.refusal == nil, "\(report.table)")
    #expect(report.trials == 3, "\(report.table)")
    #expect(report.table.hasPrefix("another-task, "), "\(report.table)")
  }

  /// A check the checker refuses (more taps than a trial can make) gets a
  /// report that says why in one line and fails a gate on violations, in
  /// both modes: never a trap (it was a precondition failure).
  @MainActor
  @Test func aRefusedCheckIsAReportThatSaysWhyNeverATrap() async throws {
    let tooManyTaps = RefetchChecker(
      scene: .shipped(.corrected, policy: .latestRequestOnly), configuration: CheckConfiguration(actions: 9))
    let tapsReason = "9 actions per trial is outside 2...5; pass actions: from that range"
    for (report, reason) in [
      (await tooManyTaps.runSystematic(), tapsReason),
      (await tooManyTaps.runStress(StressOptions(trials: 10)), tapsReason),
    ] {
      let refusal = try #require(report.refusal, "\(report.table)")
      #expect(refusal.hasSuffix(reason), "\(refusal)")
      #expect(report.trials == 0)
      #expect(report.violations == 1, "a refused check fails a gate on violations")
      #expect(report.table.contains("  NOT CHECKED: \(refusal)"), "\(report.table)")
    }
  }
}
