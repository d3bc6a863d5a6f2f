import BenchKit
import BuildSettingsSupport
import IsolationChecks
import MockNetwork
import ProfileScene

/// The package's refetch checker, in stress mode, on this build's scene:
/// its interactor over its worker (see ``RungSceneAdapter``) behind the
/// guides' view, which shows whatever it is given.
///
/// Two taps a trial, as the `refetch-cancel` suite taps by default, under
/// both ways a network reports cancellation.
@MainActor
struct RefetchRun {
  /// Trials per cancellation style, over all rounds.
  let trials: Int
  /// Rounds the trials are split into, so that the run reports its own noise.
  let rounds: Int
  /// The seed of the first round's trials; round `r` uses `seed + r`.
  let seed: UInt64

  /// The scene the checker runs: this build's interactor, the guides' view.
  ///
  /// The checker hands every interactor a ``ProfileScene/ProfileWorker``
  /// over its transport; this build's worker needs that transport, not the
  /// package's worker.
  static let scene = SceneUnderTest("guides-scene/seed", policy: .seed) { worker, presenter in
    guard let worker = worker as? ProfileScene.ProfileWorker else {
      preconditionFailure("the refetch checker gave its scene a \(type(of: worker)), not a ProfileWorker")
    }
    return RungSceneAdapter.makeInteractor(transport: worker.transport, presenter: presenter)
  }

  static let styles: [CancellationStyle] = [.cancellationError, .urlSession]

  /// Runs the checker in rounds, the two cancellation styles interleaved.
  /// - Returns: one outcome table per style, with each round's counts.
  func measure() async -> [RefetchTable] {
    let rounds = max(1, min(self.rounds, trials))
    var reports: [[ScreenReport]] = Self.styles.map { _ in [] }
    for round in 0..<rounds {
      let roundTrials = trials / rounds + (round < trials % rounds ? 1 : 0)
      for (index, style) in Self.styles.enumerated() {
        let checker = RefetchChecker(
          scene: Self.scene, configuration: CheckConfiguration(actions: 2, cancellationStyle: style))
        let options = StressOptions(trials: roundTrials, seed: seed &+ UInt64(round), deriveReplays: false)
        reports[index].append(await checker.runStress(options))
        // The scene's probes wrote a record per stage of every trial; none is measured here.
        _ = StageProbe.log.drain()
      }
    }
    return zip(Self.styles, reports).map { Self.table(of: $1, style: $0, seed: seed) }
  }

  /// The checker's systematic run (every ordering of two taps and their
  /// answers, `CancellationError` style) on this build's scene and, for
  /// comparison, on the package's own copy of the guides' scene
  /// (`SeedProfileInteractor` behind the guides' view): deterministic, so
  /// that a test can check that the adapter gives the checker what the
  /// package's scene gives it.
  /// - Returns: this build's table, then the package scene's.
  static func systematic() async -> [RefetchTable] {
    let configuration = CheckConfiguration(actions: 2, cancellationStyle: .cancellationError)
    var tables: [RefetchTable] = []
    for scene in [Self.scene, SceneUnderTest.shipped(.seed, policy: .seed)] {
      let report = await RefetchChecker(scene: scene, configuration: configuration).runSystematic()
      _ = StageProbe.log.drain()
      tables.append(table(of: [report], style: .cancellationError, seed: report.seed))
    }
    return tables
  }

  /// The checker's reports of one style's rounds as the driver's report carries them.
  static func table(of reports: [ScreenReport], style: CancellationStyle, seed: UInt64) -> RefetchTable {
    let seconds = reports.reduce(0.0) { $0 + $1.elapsed.seconds }
    return RefetchTable(
      scene: reports.first?.sceneName ?? scene.name, cancellationStyle: style.description, taps: 2, seed: seed,
      roundTrials: reports.map(\.trials),
      outcomes: (reports.first?.outcomes ?? SceneUnderTest.contract.outcomes).map { outcome in
        RefetchTable.Row(
          outcome: outcome.description, roundCounts: reports.map { $0.count(outcome) },
          grade: (reports.first?.grade(outcome) ?? .acceptable).description)
      },
      violations: reports.reduce(0) { $0 + $1.violations },
      notQuiescent: reports.reduce(0) { $0 + $1.notQuiescent }, elapsedSeconds: seconds)
  }
}
