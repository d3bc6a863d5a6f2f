import Foundation

/// How a dependency the checker answers reports that its caller's task was
/// cancelled: the two ways real networks do it.
public enum CancellationStyle: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Throw `CancellationError`, as `Task.sleep` does.
  case cancellationError
  /// Throw `URLError(.cancelled)`, as URLSession does.
  case urlSession

  /// `cancellation-error` or `url-session`.
  public var description: String {
    switch self {
    case .cancellationError: "cancellation-error"
    case .urlSession: "url-session"
    }
  }

  /// The error a cancelled call throws in this style.
  public var error: any Error {
    switch self {
    case .cancellationError: CancellationError()
    case .urlSession: URLError(.cancelled)
    }
  }
}

extension Error {
  /// Whether this error reports a cancellation, in either style.
  package var reportsCancellation: Bool {
    if self is CancellationError { return true }
    if let urlError = self as? URLError, urlError.code == .cancelled { return true }
    return false
  }
}
