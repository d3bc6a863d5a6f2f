import Foundation

/// Why a profile could not be loaded, in words a user can read.
///
/// The worker turns every non-2xx status and every body it cannot decode into
/// one of these. Errors thrown by the transport itself (a dropped connection,
/// a cancellation) pass through unchanged, so that callers can still tell a
/// cancellation from a failure.
public enum ProfileError: Error, Equatable, Sendable, LocalizedError {
  /// The user id is not a number; nothing was sent.
  case invalidUserID(String)
  /// The server answered 404.
  case notFound
  /// The server answered with a status outside 200–299 other than 404.
  case unexpectedStatus(Int)
  /// The body of a 2xx answer could not be decoded as the endpoint's type.
  case malformedBody(endpoint: String)

  /// The message the presenter shows.
  public var errorDescription: String? {
    switch self {
    case .invalidUserID(let id):
      return "\"\(id)\" is not a valid user id."
    case .notFound:
      return "Profile not found."
    case .unexpectedStatus(let status):
      return "The server answered \(status). Please try again."
    case .malformedBody(let endpoint):
      return "The server sent an unreadable \(endpoint) response. Please try again."
    }
  }
}
