/// How the checker runs trials: how many actions, what the network does,
/// what is expected, and the bounds on every wait.
public struct CheckConfiguration: Sendable, Equatable {
  /// Actions per trial (taps, for the guides' scene), from 2 to 5
  /// (``actionRange``); 3 by default.
  /// Every run checks it first: a count outside the range is a
  /// ``ScreenDescriptionError/actionCountOutOfRange(screen:count:)``, never
  /// quietly changed.
  public var actions: Int
  /// How the network reports a cancelled request.
  public var cancellationStyle: CancellationStyle
  /// Whether answers arrive even after their request was cancelled, as an
  /// answer already on the wire does; `false` by default. Turns off the
  /// ``ResourceCheck/supersededRequestCancelled`` check, which such a
  /// network cannot pass.
  public var lateResponses: Bool
  /// The grades the report applies, when not the contract's own; `nil`
  /// (the contract's) by default.
  public var expectation: ScreenExpectation?
  /// The bound on waiting for a trial's actions' work to finish; past it the
  /// trial counts as ``ScreenOutcome/lost`` and the checker moves on.
  public var quiescenceTimeout: Duration

  /// Creates a configuration.
  /// - Parameters:
  ///   - actions: actions per trial, from 2 to 5.
  ///   - cancellationStyle: how cancellation is reported; `CancellationError` by default.
  ///   - lateResponses: whether answers outrun cancellation; `false` by default.
  ///   - expectation: the grades, instead of the contract's; the contract's by default.
  ///   - quiescenceTimeout: the bound on a trial's wait; 2 seconds by default.
  public init(
    actions: Int = 3,
    cancellationStyle: CancellationStyle = .cancellationError,
    lateResponses: Bool = false,
    expectation: ScreenExpectation? = nil,
    quiescenceTimeout: Duration = .seconds(2)
  ) {
    self.actions = actions
    self.cancellationStyle = cancellationStyle
    self.lateResponses = lateResponses
    self.expectation = expectation
    self.quiescenceTimeout = quiescenceTimeout
  }

  /// The range of actions a trial can make.
  public static let actionRange = 2...5
}
