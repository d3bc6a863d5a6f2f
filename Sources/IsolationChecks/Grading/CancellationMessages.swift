import Foundation
import ProfileScene

/// The texts a cancellation turns into when a presenter shows it as an error.
enum CancellationMessages {
  /// What ``ProfilePresenter`` shows for `CancellationError` and
  /// `URLError(.cancelled)`, minus any text a genuine failure can also produce.
  static let presenterMessages: Set<String> = {
    let cancellations = [
      ProfilePresenter.message(for: CancellationError()),
      ProfilePresenter.message(for: URLError(.cancelled)),
    ]
    let genuine = ProfilePresenter.message(for: InjectedFailureMessage.error)
    return Set(cancellations.filter { $0 != genuine })
  }()
}

/// The failure the checker injects: the server answers 500.
enum InjectedFailureMessage {
  /// The error the worker throws for it.
  static let error = ProfileError.unexpectedStatus(500)
}
