import ProfileScene

/// A broken copy of the corrected interactor, with the one flaw it carries.
package struct Mutant: Sendable {
  package var name: String
  package var makeInteractor: InteractorFactory

  package init(name: String, makeInteractor: @escaping InteractorFactory) {
    self.name = name
    self.makeInteractor = makeInteractor
  }

  /// Every mutant: each a small copy of ``ProfileInteractor`` with a single flaw.
  package static let catalogue: [Mutant] = [
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
  package static let corrected = Mutant(name: "corrected") { ProfileInteractor(worker: $0, presenter: $1) }

  /// The corrected interactor isolated to the main actor, which every check must pass too.
  package static let mainActorCorrected = Mutant(name: "main-actor corrected") {
    MainActorProfileInteractor(worker: $0, presenter: $1)
  }
}
