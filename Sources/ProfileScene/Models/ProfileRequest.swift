/// The identity of one tap on "refresh", assigned on the main actor at the tap.
///
/// Identities increase with every tap of a view controller, so "older" and
/// "newer" need no clock: a response whose request identity is below the last
/// tap's is outdated.
public struct RequestID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The tap's sequence number, starting at 1 for a view controller's first tap.
  public let rawValue: UInt64

  /// Creates an identity from a sequence number.
  public init(_ rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// Orders identities by tap order.
  public static func < (lhs: RequestID, rhs: RequestID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// `#3` for the third tap.
  public var description: String { "#\(rawValue)" }
}

/// A request to load one user's profile: the user and the tap that asked.
///
/// The guides' `ProfileRequest` carries only the user id. This one also
/// carries the tap's identity, so that a response or an error can be traced
/// from the tap to the display; that is what lets the main actor tell an
/// outdated response from the current one.
public struct ProfileRequest: Sendable, Hashable, CustomStringConvertible {
  /// The user whose profile is requested, as typed: the worker rejects a
  /// non-numeric id before sending anything.
  public let userId: String
  /// The tap that made this request.
  public let id: RequestID

  /// Creates a request.
  /// - Parameters:
  ///   - userId: the user whose profile is requested.
  ///   - id: the identity of the tap that asked for it.
  public init(userId: String, id: RequestID) {
    self.userId = userId
    self.id = id
  }

  /// `#3(user 1)`.
  public var description: String { "\(id)(user \(userId))" }
}
