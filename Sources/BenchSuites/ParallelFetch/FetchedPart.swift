import Dispatch
import ProfileScene

/// What one route returned.
enum FetchedPart: Sendable, Equatable {
  case user(User)
  case posts([Post])
}
