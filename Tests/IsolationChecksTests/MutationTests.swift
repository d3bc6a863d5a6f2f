import CheckerFixtures
import IsolationChecks
import LongRunSupport
import ProfileScene
import Testing

extension CheckerTrials {
  /// A mutant that survives is a failing test.
  @Suite struct MutationTests {
    @MainActor
    @Test(.longRun, arguments: Mutant.catalogue)
    func everyMutantIsCaught(_ mutant: Mutant) async {
      let findings = await MutationBattery.run(mutant)
      #expect(findings.caught, "\(mutant.name) survived")
    }

    @MainActor
    @Test(arguments: [Mutant.corrected, .mainActorCorrected])
    func theCorrectedInteractorsPassEveryCheck(_ corrected: Mutant) async {
      let findings = await MutationBattery.run(corrected)
      #expect(findings.violations.isEmpty, "\(findings.violations)")
      #expect(findings.peakRequestsPerTap == 2)
    }

    @MainActor
    @Test(.longRun) func eachMutantIsCaughtForItsOwnFlaw() async {
      var caughtBy: [String: String] = [:]
      for mutant in Mutant.catalogue {
        let findings = await MutationBattery.run(mutant)
        caughtBy[mutant.name] =
          findings.violations.joined(separator: "; ")
          + (findings.peakRequestsPerTap < 2 ? "max in flight \(findings.peakRequestsPerTap)" : "")
      }
      #expect(caughtBy["never cancels"]?.contains("superseded request not cancelled") == true)
      #expect(caughtBy["checks cancellation before the fetch"]?.contains("late responses") == true)
      #expect(caughtBy["catches only CancellationError"]?.contains("spurious-error") == true)
      #expect(caughtBy["awaits before cancelling"]?.contains("lost") == true)
      #expect(caughtBy["presents from a detached task"]?.contains("display outside the tap's tasks") == true)
      #expect(caughtBy["fetches sequentially"]?.contains("max in flight 1") == true)
      #expect(caughtBy["labels the response after the await"]?.contains("wrong-profile") == true)
      #expect(caughtBy["mixes parts of two loads"]?.contains("wrong-profile") == true)
      #expect(
        caughtBy["main actor, an unstructured task per call"]?.contains("superseded request not cancelled") == true)
    }
  }
}
