import Foundation

extension Error {
  /// Whether this error reports a cancellation rather than a failure.
  ///
  /// Swift Concurrency throws `CancellationError`; URLSession throws
  /// `URLError(.cancelled)` when its task is cancelled. A scene that shows
  /// either to the user has turned a tap on "refresh" into an error message.
  public var isCancellation: Bool {
    if self is CancellationError { return true }
    if let urlError = self as? URLError, urlError.code == .cancelled { return true }
    return false
  }
}
