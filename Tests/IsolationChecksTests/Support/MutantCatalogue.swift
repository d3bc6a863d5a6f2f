import IsolationChecks
import MockNetwork
import ProfileScene
import Testing

/// A broken copy of the corrected interactor, with the one flaw it carries.
struct Mutant: Sendable, CustomTestStringConvertible {
  var name: String
  var makeInteractor: InteractorFactory

  var testDescription: String { name }

  /// Every mutant: each a small copy of ``ProfileInteractor`` with a single flaw.
  static let catalogue: [Mutant] = [
    Mutant(name: "never cancels") { NeverCancelsInteractor(worker: $0, presenter: $1) },
    Mutant(name: "checks cancellation before the fetch") {
      ChecksCancellationBeforeFetchInteractor(worker: $0, presenter: $1)
    },
    Mutant(name: "catches only CancellationError") {
      CatchesOnlyCancellationErrorInteractor(worker: $0, presenter: $1)
    },
    Mutant(name: "awaits before cancelling") {
      AwaitsBeforeCancellingInteractor(worker: $0, presenter: $1)
    },
    Mutant(name: "presents from a detached task") {
      PresentsFromDetachedTaskInteractor(worker: $0, presenter: $1)
    },
    Mutant(name: "fetches sequentially") { FetchesSequentiallyInteractor(worker: $0, presenter: $1) },
    Mutant(name: "labels the response after the await") {
      LabelsAfterTheAwaitInteractor(worker: $0, presenter: $1)
    },
    Mutant(name: "mixes parts of two loads") { MixesPartsOfTwoLoadsInteractor(worker: $0, presenter: $1) },
    Mutant(name: "main actor, an unstructured task per call") {
      MainActorUnstructuredTaskInteractor(worker: $0, presenter: $1)
    },
  ]

  /// The corrected interactor, which every check must pass.
  static let corrected = Mutant(name: "corrected") { ProfileInteractor(worker: $0, presenter: $1) }

  /// The corrected interactor isolated to the main actor, which every check must pass too.
  static let mainActorCorrected = Mutant(name: "main-actor corrected") {
    MainActorProfileInteractor(worker: $0, presenter: $1)
  }
}

/// The checks a mutant must fail and the corrected interactor must pass, all
/// systematic with a fixed seed, two taps, and no injected failures (none of
/// the flaws needs one).
@MainActor
enum MutationBattery {
  /// One probe of the battery.
  struct Probe: CustomStringConvertible {
    var policy: ViewPolicy
    var style: CancellationStyle
    var lateResponses: Bool
    var tapsBeforePresentations: Bool

    var description: String {
      "\(policy), \(style)\(lateResponses ? ", late responses" : "")\(tapsBeforePresentations ? "" : ", settled taps only")"
    }
  }

  /// The scene as shipped; the interactor alone behind the guide's view
  /// (so that the view policy cannot hide its flaws), with URLSession's
  /// cancellation and with answers that outrun cancellation.
  static let probes = [
    Probe(policy: .latestRequestOnly, style: .urlSession, lateResponses: false, tapsBeforePresentations: true),
    Probe(policy: .seed, style: .urlSession, lateResponses: false, tapsBeforePresentations: false),
    Probe(policy: .seed, style: .cancellationError, lateResponses: true, tapsBeforePresentations: false),
  ]

  /// What the battery found for one interactor.
  struct Findings {
    /// Violations per probe, described.
    var violations: [String] = []
    /// The most requests one tap had in flight at once.
    var peakRequestsPerTap = 0

    var caught: Bool { !violations.isEmpty || peakRequestsPerTap < 2 }
  }

  /// Runs every probe, and the parallel-fetch check, against `mutant`.
  static func run(_ mutant: Mutant) async -> Findings {
    var findings = Findings()
    for probe in probes {
      let checker = RefetchChecker(
        scene: SceneUnderTest(mutant.name, policy: probe.policy, makeInteractor: mutant.makeInteractor),
        configuration: RefetchCheckConfiguration(
          taps: 2, cancellationStyle: probe.style, lateResponses: probe.lateResponses,
          quiescenceTimeout: .seconds(1)))
      let report = await checker.runSystematic(
        SystematicOptions(
          seed: 7, injectFailures: false, tapsBeforePresentations: probe.tapsBeforePresentations))
      if report.violations > 0 {
        let outcomes = RefetchOutcome.tableOrder.filter {
          report.grade($0) == .forbidden && report.count($0) > 0
        }.map { "\($0) ×\(report.count($0))" }
        let checks = ResourceCheck.reportOrder.compactMap { check in
          report.checkFailures[check].map { "\(check.failureDescription) ×\($0)" }
        }
        findings.violations.append("[\(probe)] " + (outcomes + checks).joined(separator: ", "))
      }
    }
    findings.peakRequestsPerTap = await ParallelFetchProbe.peakInFlight(of: mutant.makeInteractor)
    return findings
  }
}
