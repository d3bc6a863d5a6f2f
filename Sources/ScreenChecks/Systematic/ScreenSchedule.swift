import Foundation

/// The choices of one systematic trial, in order: what the checker did and
/// released, and when. Written as comma-separated tokens, for example
/// `t1,u1,p1,t2@1,u2,p2` or `q1,d1,search1,q2,c3`:
///
/// | token | meaning |
/// |---|---|
/// | `t2` | the 2nd action, a load (a tap on "refresh"), with the screen settled |
/// | `r2`, `q2`, `c2`, `n2` | the 2nd action: pull to refresh, type a query, clear it, load the next page |
/// | `t2@1` | the 2nd action just before request 1's presentation is shown |
/// | `u1`, `p1`, `search1` | let the call of endpoint `u` (`p`, `search`) for action 1 answer normally |
/// | `u1f` | let it fail (HTTP 500, or a ``ScreenCheckFailure``) |
/// | `u1h`, `u1fh` | job level: let it answer (or fail), but hold the task waiting for it: its answer is in hand, and a cancellation no longer reaches the call |
/// | `u1r` | let the task held by `u1h` go on with its answer |
/// | `u1#2` | the second call of endpoint `u` for action 1 |
/// | `h1` | hold request 1's presentation as it reaches the main actor, so that later ones overtake it |
/// | `s1` | show request 1's held presentation, with the screen settled |
/// | `d1` | move the screen's clock to the deadline of the trial's first sleep |
/// | `d1h`, `d1r` | job level: the same, holding the sleeping task (a cancellation no longer reaches it); let it go on |
/// | `v2` | the view reacts here, not at once, to action 2 and the actions after it (one render: restarts `.task(id:)`, starts `.refreshable` closures) |
/// | `j2~3` | job level: at the job pick after 3 picks of the oldest job, run the second oldest |
/// | `t2~3` | job level: at that pick, make the 2nd action before any runnable job runs |
///
/// Cancellations are not tokens: the screen makes them, the checker only
/// observes them. The same schedule, replayed, makes the same choices at the
/// same points, so it reproduces the trial's outcome.
public struct ScreenSchedule: Sendable, Hashable, CustomStringConvertible {
  /// The choices, in order.
  public var steps: [ScheduleStep]

  /// Creates a schedule from its steps.
  public init(_ steps: [ScheduleStep]) {
    self.steps = steps
  }

  /// The number of actions the schedule makes.
  public var actionCount: Int { steps.count(where: \.isAction) }

  /// How many job-level choices the schedule makes (`j2~3`, `t2~3`, `u1h`, `d1h`).
  public var jobLevelSteps: Int { steps.count(where: \.isJobLevel) }

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
    let name = String(token.prefix { $0.isASCII && $0.isLowercase })
    guard !name.isEmpty else {
      throw ScheduleParseError(
        token: token,
        reason:
          "a token starts with an action (\(ActionKind.allCases.map { String($0.token) }.joined(separator: ", "))), "
          + "an endpoint's name, \(ScheduleStep.stepLetters.map(String.init).joined(separator: ", "))")
    }
    var rest = Substring(token.dropFirst(name.count))
    if name.count == 1, let letter = name.first {
      if letter == "j" || ActionKind(token: letter) != nil, let tilde = rest.firstIndex(of: "~") {
        let value = try number(rest[..<tilde], in: token)
        let after = try number(rest[rest.index(after: tilde)...], in: token, from: 0)
        if let kind = ActionKind(token: letter) { return .actBetweenJobs(kind, value, after: after) }
        guard value >= 2 else {
          throw ScheduleParseError(token: token, reason: "the oldest job (j1) is the default and is never a step")
        }
        return .runJob(position: value, after: after)
      }
      if let kind = ActionKind(token: letter) {
        if let at = rest.firstIndex(of: "@") {
          let action = try number(rest[..<at], in: token)
          let (request, occurrence) = try numberAndOrdinal(rest[rest.index(after: at)...], in: token)
          return .actBeforePresentation(kind, action, request: request, occurrence: occurrence)
        }
        return .act(kind, try number(rest, in: token))
      }
      switch letter {
      case "h", "s":
        let (request, occurrence) = try numberAndOrdinal(rest, in: token)
        return letter == "h"
          ? .holdPresentation(request: request, occurrence: occurrence)
          : .showHeldPresentation(request: request, occurrence: occurrence)
      case "d":
        if rest.hasSuffix("h") { return .holdWake(try number(rest.dropLast(), in: token)) }
        if rest.hasSuffix("r") { return .resumeHeldWake(try number(rest.dropLast(), in: token)) }
        return .advanceClock(try number(rest, in: token))
      case "v":
        return .react(try number(rest, in: token))
      default:
        break
      }
    }
    let resumes = rest.hasSuffix("r")
    if resumes { rest = rest.dropLast() }
    let holds = !resumes && rest.hasSuffix("h")
    if holds { rest = rest.dropLast() }
    let failing = !resumes && rest.hasSuffix("f")
    if failing { rest = rest.dropLast() }
    // Action 0 is the screen's appearance: its `.task` modifiers call too.
    let (action, ordinal) = try numberAndOrdinal(rest, in: token, from: 0)
    let label = CallLabel(endpoint: name, action: action, ordinal: ordinal)
    if resumes { return .resumeHeldAnswer(label) }
    return holds ? .holdAnswer(label, failing: failing) : .release(label, failing: failing)
  }

  private static func numberAndOrdinal(_ text: Substring, in token: String, from lowest: Int = 1)
    throws(ScheduleParseError) -> (Int, Int)
  {
    guard let hash = text.firstIndex(of: "#") else { return (try number(text, in: token, from: lowest), 1) }
    return (
      try number(text[..<hash], in: token, from: lowest), try number(text[text.index(after: hash)...], in: token)
    )
  }

  private static func number(_ text: Substring, in token: String, from lowest: Int = 1) throws(ScheduleParseError)
    -> Int
  {
    guard let value = Int(text), value >= lowest else {
      throw ScheduleParseError(token: token, reason: "expected a number from \(lowest), found \"\(text)\"")
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

  /// Creates an error.
  public init(token: String, reason: String) {
    self.token = token
    self.reason = reason
  }

  /// `cannot read "1t" in the schedule: a token starts with an action (t, r, q, c, n), …`.
  public var description: String { "cannot read \"\(token)\" in the schedule: \(reason)" }
}
