/// One call of a screen's dependency, named by what it asks for rather than
/// by arrival order: `u2` is the call of endpoint `u` made for action 2,
/// `search1#2` the second call of endpoint `search` for action 1.
///
/// Arrival order is not stable between runs (a screen's calls for one action
/// may start concurrently), so the checker never names a call by its number.
public struct CallLabel: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The endpoint's name: lowercase letters, like `u`, `p` or `search`.
  public var endpoint: String
  /// The action the call was made for.
  public var action: Int
  /// 1 for the first call of this endpoint for this action, 2 for the second, …
  public var ordinal: Int
  /// Where the endpoint was declared among the screen's endpoints; orders
  /// labels of one action. Not part of the label's identity.
  package var rank: Int

  /// Creates a label.
  /// - Parameters:
  ///   - endpoint: the endpoint's name.
  ///   - action: the action the call answers.
  ///   - ordinal: 1 for its first such call.
  public init(endpoint: String, action: Int, ordinal: Int = 1) {
    self.init(endpoint: endpoint, action: action, ordinal: ordinal, rank: 0)
  }

  package init(endpoint: String, action: Int, ordinal: Int, rank: Int) {
    self.endpoint = endpoint
    self.action = action
    self.ordinal = ordinal
    self.rank = rank
  }

  /// Orders by action, then by the endpoint's declaration, then by ordinal.
  public static func < (lhs: CallLabel, rhs: CallLabel) -> Bool {
    // Field by field, not as a tuple: a systematic trial compares labels
    // for every parked call at every step.
    if lhs.action != rhs.action { return lhs.action < rhs.action }
    if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
    if lhs.endpoint != rhs.endpoint { return lhs.endpoint < rhs.endpoint }
    return lhs.ordinal < rhs.ordinal
  }

  /// Two labels are equal when they name the same endpoint, action and ordinal.
  public static func == (lhs: CallLabel, rhs: CallLabel) -> Bool {
    lhs.endpoint == rhs.endpoint && lhs.action == rhs.action && lhs.ordinal == rhs.ordinal
  }

  /// Hashes the endpoint, action and ordinal.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(endpoint)
    hasher.combine(action)
    hasher.combine(ordinal)
  }

  /// `u2`, `p1`, `search1#2`.
  public var description: String {
    ordinal == 1 ? "\(endpoint)\(action)" : "\(endpoint)\(action)#\(ordinal)"
  }
}
