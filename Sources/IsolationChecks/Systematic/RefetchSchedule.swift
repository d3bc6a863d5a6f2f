import Foundation
import MockNetwork

/// The choices of one systematic trial, in order: what the checker tapped and
/// released, and when. Written as comma-separated tokens, for example
/// `t1,u1,p1,t2@1,u2,p2`:
///
/// | token | meaning |
/// |---|---|
/// | `t2` | tap for the 2nd time, with the scene settled |
/// | `t2@1` | tap for the 2nd time just before request 1's presentation is shown |
/// | `u1`, `p1` | let the user (posts) request of tap 1 answer normally |
/// | `u1f`, `p1f` | let it answer HTTP 500 |
/// | `u1#2` | the second user request of tap 1 |
/// | `h1` | hold request 1's presentation as it reaches the main actor, so that later ones overtake it |
/// | `s1` | show request 1's held presentation, with the scene settled |
///
/// Cancellations are not tokens: the interactor makes them, the checker only
/// observes them. The same schedule, replayed, makes the same choices at the
/// same points, so it reproduces the trial's outcome.
public struct RefetchSchedule: Sendable, Hashable, CustomStringConvertible {
  /// The choices, in order.
  public var steps: [ScheduleStep]

  /// Creates a schedule from its steps.
  public init(_ steps: [ScheduleStep]) {
    self.steps = steps
  }

  /// The number of taps the schedule makes.
  public var tapCount: Int {
    steps.filter {
      switch $0 {
      case .tap, .tapBeforePresentation: true
      case .release, .holdPresentation, .showHeldPresentation: false
      }
    }.count
  }

  /// Whether the schedule holds a presentation back (`h1`).
  public var holdsPresentations: Bool {
    steps.contains {
      if case .holdPresentation = $0 { return true }
      return false
    }
  }

  /// `t1,u1,p1,t2@1,u2,p2`.
  public var description: String { steps.map(\.description).joined(separator: ",") }

  /// Parses a schedule string.
  /// - Parameter text: comma-separated tokens, as ``description`` writes them.
  /// - Throws: ``ScheduleParseError`` naming the first token it cannot read.
  public init(parsing text: String) throws(ScheduleParseError) {
    var steps: [ScheduleStep] = []
    for token in text.split(separator: ",", omittingEmptySubsequences: true) {
      steps.append(try Self.step(String(token.trimmingCharacters(in: .whitespaces))))
    }
    guard !steps.isEmpty else { throw ScheduleParseError(token: text, reason: "the schedule is empty") }
    self.steps = steps
  }

  private static func step(_ token: String) throws(ScheduleParseError) -> ScheduleStep {
    guard let first = token.first else { throw ScheduleParseError(token: token, reason: "empty token") }
    var rest = Substring(token.dropFirst())
    if first == "t" {
      if let at = rest.firstIndex(of: "@") {
        let tap = try number(rest[..<at], in: token)
        let (request, occurrence) = try numberAndOrdinal(rest[rest.index(after: at)...], in: token)
        return .tapBeforePresentation(tap: tap, request: request, occurrence: occurrence)
      }
      return .tap(try number(rest, in: token))
    }
    if first == "h" || first == "s" {
      let (request, occurrence) = try numberAndOrdinal(rest, in: token)
      return first == "h"
        ? .holdPresentation(request: request, occurrence: occurrence)
        : .showHeldPresentation(request: request, occurrence: occurrence)
    }
    let route: MockRoute
    switch first {
    case "u": route = .user
    case "p": route = .posts
    case "x": route = .other
    default: throw ScheduleParseError(token: token, reason: "a token starts with t, u, p, x, h or s")
    }
    let failing = rest.hasSuffix("f")
    if failing { rest = rest.dropLast() }
    let (tap, ordinal) = try numberAndOrdinal(rest, in: token)
    return .release(RequestLabel(route: route, tap: tap, ordinal: ordinal), failing: failing)
  }

  private static func numberAndOrdinal(_ text: Substring, in token: String) throws(ScheduleParseError)
    -> (Int, Int)
  {
    guard let hash = text.firstIndex(of: "#") else { return (try number(text, in: token), 1) }
    return (
      try number(text[..<hash], in: token), try number(text[text.index(after: hash)...], in: token)
    )
  }

  private static func number(_ text: Substring, in token: String) throws(ScheduleParseError) -> Int {
    guard let value = Int(text), value >= 1 else {
      throw ScheduleParseError(token: token, reason: "expected a number from 1, found \"\(text)\"")
    }
    return value
  }
}

/// A schedule string that could not be read.
public struct ScheduleParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The token that could not be read.
  public var token: String
  /// Why.
  public var reason: String

  /// `cannot read "q1" in the schedule: a token starts with t, u, p, x, h or s`.
  public var description: String { "cannot read \"\(token)\" in the schedule: \(reason)" }
}
