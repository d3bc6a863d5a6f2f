/// Whose turn it is to run a trial: one at a time in the process, the
/// others waiting first come, first served.
///
/// Generic over the waiter so that tests can drive it with plain values; the
/// driver's waiters are continuations.
struct TrialTurnStateMachine<Waiter> {
  private var busy = false
  private var waiters: [Waiter] = []
  private var head = 0

  /// No trial under way, nobody waiting.
  init() {}

  /// Whether a trial holds the turn.
  var isBusy: Bool { busy }

  /// How many callers wait for the turn.
  var waitingCount: Int { waiters.count - head }

  /// A caller asks for the turn: `true` when it has it now; otherwise it must
  /// ``wait(_:)``.
  mutating func requestTurn() -> Bool {
    guard !busy else { return false }
    busy = true
    return true
  }

  /// A caller that was refused the turn waits for it.
  mutating func wait(_ waiter: Waiter) {
    guard busy else { preconditionFailure("TrialTurnStateMachine: wait() while no trial holds the turn") }
    waiters.append(waiter)
  }

  /// The trial holding the turn finished.
  /// - Returns: the waiter that now holds the turn, to resume; `nil` when
  ///   nobody waited and the turn is free.
  mutating func finishTurn() -> Waiter? {
    guard busy else { preconditionFailure("TrialTurnStateMachine: finishTurn() while no trial holds the turn") }
    guard head < waiters.count else {
      busy = false
      waiters.removeAll()
      head = 0
      return nil
    }
    let next = waiters[head]
    head += 1
    if head == waiters.count {
      waiters.removeAll()
      head = 0
    }
    return next
  }
}
