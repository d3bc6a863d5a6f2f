import CheckerFixtures
import IsolationChecks
import MockNetwork
import ProfileScene
import Testing

extension Mutant: CustomTestStringConvertible {
  package var testDescription: String { name }
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
    var actionsBeforePresentations: Bool

    var description: String {
      "\(policy), \(style)\(lateResponses ? ", late responses" : "")\(actionsBeforePresentations ? "" : ", settled taps only")"
    }
  }

  /// The scene as shipped; the interactor alone behind the guide's view
  /// (so that the view policy cannot hide its flaws), with URLSession's
  /// cancellation and with answers that outrun cancellation.
  static let probes = [
    Probe(policy: .latestRequestOnly, style: .urlSession, lateResponses: false, actionsBeforePresentations: true),
    Probe(policy: .guide, style: .urlSession, lateResponses: false, actionsBeforePresentations: false),
    Probe(policy: .guide, style: .cancellationError, lateResponses: true, actionsBeforePresentations: false),
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
        configuration: CheckConfiguration(
          actions: 2, cancellationStyle: probe.style, lateResponses: probe.lateResponses,
          quiescenceTimeout: .seconds(1)))
      let report = await checker.runSystematic(
        SystematicOptions(
          seed: 7, injectFailures: false, actionsBeforePresentations: probe.actionsBeforePresentations))
      if report.violations > 0 {
        let outcomes = ScreenOutcome.tableOrder.filter {
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
