import BuildSettingsSupport
import IsolationChecks
import MockNetwork

/// The package's refetch checker, in stress mode, on this build's scene:
/// its interactor over its worker (see ``RungSceneAdapter``) behind the
/// guides' view, which shows whatever it is given.
///
/// Two taps a trial, as the `refetch-cancel` suite taps by default, under
/// both ways a network reports cancellation.
@MainActor
struct RefetchRun {
  /// Trials per cancellation style.
  let trials: Int
  /// The seed of the trials' timing, latency and failures.
  let seed: UInt64

  /// The scene the checker runs: this build's interactor, the guides' view.
  static let scene = SceneUnderTest("guides-scene/seed", policy: .seed) { worker, presenter in
    RungSceneAdapter.makeInteractor(transport: worker.transport, presenter: presenter)
  }

  /// Runs the checker once per cancellation style.
  /// - Returns: one outcome table per style.
  func measure() async -> [RefetchTable] {
    var tables: [RefetchTable] = []
    for style in [CancellationStyle.cancellationError, .urlSession] {
      let checker = RefetchChecker(
        scene: Self.scene, configuration: RefetchCheckConfiguration(taps: 2, cancellationStyle: style))
      let report = await checker.runStress(StressOptions(trials: trials, seed: seed, deriveReplays: false))
      // The scene's probes wrote a record per stage of every trial; none is measured here.
      _ = StageProbe.log.drain()
      tables.append(Self.table(of: report, style: style))
    }
    return tables
  }

  /// The checker's report as the driver's report carries it.
  static func table(of report: RefetchReport, style: CancellationStyle) -> RefetchTable {
    RefetchTable(
      scene: report.sceneName, cancellationStyle: style.description, taps: report.configuration.taps,
      seed: report.seed, trials: report.trials,
      outcomes: RefetchOutcome.tableOrder.map {
        RefetchTable.Row(outcome: $0.description, count: report.count($0), grade: report.grade($0).description)
      },
      violations: report.violations, notQuiescent: report.notQuiescent,
      elapsedSeconds: Double(report.elapsed.components.seconds)
        + Double(report.elapsed.components.attoseconds) * 1e-18)
  }
}
