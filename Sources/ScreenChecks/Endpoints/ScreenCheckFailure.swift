import Foundation

/// The failure the checker answers a call with, when it makes a dependency fail.
///
/// Its message names the call (`[search2]`), so that an error message the
/// screen shows can be traced to the call that failed. A screen that shows
/// `error.localizedDescription` shows it as it is.
public struct ScreenCheckFailure: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
  /// The call that failed.
  public var call: CallLabel
  /// The HTTP status the failure stands for.
  public var status: Int

  /// Creates a failure.
  public init(call: CallLabel, status: Int = 500) {
    self.call = call
    self.status = status
  }

  /// `The server answered 500 [search2].`
  public var errorDescription: String? { "The server answered \(status) \(Self.mark(call))." }

  /// The failure's message.
  public var description: String { errorDescription ?? "" }

  /// How a failure's message names its call: `[search2]`.
  package static func mark(_ call: CallLabel) -> String { "[\(call)]" }
}
