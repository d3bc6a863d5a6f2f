/// The calls parked at a gate, each waiting for the answer its keeper gives
/// (the checker's ``Switchboard``, the mock transport's gated mode): which
/// are parked and in what order, which were cancelled before their wait
/// began, and which were answered with their task held.
///
/// A pure state machine: the keeper keeps it under its own lock, and every
/// transition hands back the continuations to resume, which the keeper
/// resumes after releasing the lock, never under it.
///
/// A call's life: ``park(_:listed:cancellable:)`` when it is made; then
/// ``install(_:for:)`` once its continuation exists, which says whether it
/// was cancelled in between; then one of ``release(_:)``,
/// ``cancel(_:)``, ``hold(_:with:)`` (and later ``resumeHeld(_:)``), or
/// ``releaseAll()``. A listed call is one the keeper may answer, in the
/// order ``parked`` keeps; an unlisted one waits for its cancellation
/// alone (a request the mock hangs until cancelled).
package struct Gate<Answer: Sendable, Entry: Sendable>: Sendable {
  package typealias Continuation = CheckedContinuation<Answer, any Error>

  private enum Slot {
    case waiting(Continuation?, listed: Bool, cancellable: Bool)
    case cancelled
    case held(Continuation, Answer)
  }

  /// What ``cancel(_:)`` found.
  package enum Cancellation {
    /// The call was not parked, or its cancellation does not reach it.
    case unaffected
    /// The call's answer is in hand and its task held: it goes on with
    /// the answer when let go.
    case held
    /// The call stopped waiting: resume its continuation, if it has one
    /// yet, with the cancellation; one without will throw when installed.
    case cancelled(Continuation?)
  }

  private var slots: [Int: Slot] = [:]
  /// The listed calls waiting for their answer, in the keeper's order.
  package private(set) var parked: [Entry] = []
  /// The calls answered with their task held, in the keeper's order.
  package private(set) var held: [Entry] = []
  private let id: @Sendable (Entry) -> Int
  private let precedes: @Sendable (Entry, Entry) -> Bool

  /// An empty gate.
  /// - Parameters:
  ///   - id: a call's number, unique at the gate.
  ///   - precedes: the order ``parked`` and ``held`` keep; a call goes
  ///     after every call it does not precede, found by bisection.
  package init(id: @escaping @Sendable (Entry) -> Int, precedes: @escaping @Sendable (Entry, Entry) -> Bool) {
    self.id = id
    self.precedes = precedes
  }

  /// Parks a call whose continuation does not exist yet.
  /// - Parameters:
  ///   - listed: whether the keeper may answer it (it is in ``parked``).
  ///   - cancellable: whether its task's cancellation ends its wait.
  package mutating func park(_ entry: Entry, listed: Bool, cancellable: Bool) {
    slots[id(entry)] = .waiting(nil, listed: listed, cancellable: cancellable)
    if listed { Self.insert(entry, into: &parked, precedes: precedes) }
  }

  /// Gives a parked call its continuation.
  /// - Returns: `false` when the call was cancelled since it parked: the
  ///   caller resumes the continuation with the cancellation.
  package mutating func install(_ continuation: Continuation, for call: Int) -> Bool {
    guard case .waiting(_, let listed, let cancellable) = slots[call] else {
      slots[call] = nil
      return false
    }
    slots[call] = .waiting(continuation, listed: listed, cancellable: cancellable)
    return true
  }

  /// The call's task was cancelled.
  package mutating func cancel(_ call: Int) -> Cancellation {
    switch slots[call] {
    case .held: return .held
    case .waiting(let continuation, _, true):
      slots[call] = continuation == nil ? .cancelled : nil
      remove(call, from: &parked)
      return .cancelled(continuation)
    default: return .unaffected
    }
  }

  /// Answers a listed call whose continuation is installed.
  /// - Returns: the continuation to resume with the answer, or `nil` when
  ///   the call is not waiting (cancelled, answered) or has no continuation yet.
  package mutating func release(_ call: Int) -> Continuation? {
    guard case .waiting(let continuation?, true, _) = slots[call] else { return nil }
    slots[call] = nil
    remove(call, from: &parked)
    return continuation
  }

  /// Answers the listed calls that have their continuation and match
  /// `predicate`, in order, up to `limit` of them.
  /// - Returns: the continuations to resume with the answer.
  package mutating func release(where predicate: (Entry) -> Bool, limit: Int = .max) -> [Continuation] {
    var released: [Continuation] = []
    parked.removeAll { entry in
      guard released.count < limit, predicate(entry), case .waiting(let continuation?, _, _) = slots[id(entry)] else {
        return false
      }
      slots[id(entry)] = nil
      released.append(continuation)
      return true
    }
    return released
  }

  /// Answers every listed call that has its continuation; one without
  /// stays parked.
  package mutating func releaseAll() -> [Continuation] {
    release(where: { _ in true })
  }

  /// Answers a listed call but holds its task: its cancellation no
  /// longer reaches it, and it goes on only at ``resumeHeld(_:)``.
  /// - Returns: whether the call was waiting with its continuation.
  package mutating func hold(_ call: Int, with answer: Answer) -> Bool {
    guard case .waiting(let continuation?, true, _) = slots[call],
      let index = parked.firstIndex(where: { id($0) == call })
    else { return false }
    slots[call] = .held(continuation, answer)
    Self.insert(parked.remove(at: index), into: &held, precedes: precedes)
    return true
  }

  /// Lets a held call's task go on.
  /// - Returns: the continuation and the answer to resume it with, if the call was held.
  package mutating func resumeHeld(_ call: Int) -> (Continuation, Answer)? {
    guard case .held(let continuation, let answer) = slots[call] else { return nil }
    slots[call] = nil
    remove(call, from: &held)
    return (continuation, answer)
  }

  /// Whether call `call` is parked or held: its task still waits.
  package func isWaiting(_ call: Int) -> Bool {
    switch slots[call] {
    case .waiting, .held: true
    default: false
    }
  }

  private func remove(_ call: Int, from entries: inout [Entry]) {
    if let index = entries.firstIndex(where: { id($0) == call }) { entries.remove(at: index) }
  }

  private static func insert(
    _ entry: Entry, into entries: inout [Entry], precedes: (Entry, Entry) -> Bool
  ) {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if precedes(entry, entries[middle]) { high = middle } else { low = middle + 1 }
    }
    entries.insert(entry, at: low)
  }
}

/// What a ``GateKeeper`` is told of a call waiting at its gate.
package enum GateEvent: Sendable, Equatable {
  /// The call parked.
  case parked
  /// Its task was cancelled and its wait ended.
  case cancelled
  /// Its task was cancelled while its answer was in hand and the task
  /// held: it goes on with the answer when let go.
  case cancelledWhileHeld
}

/// The owner of a ``Gate``, which keeps it under a lock of its own: a call
/// waits at the gate with ``waitAtGate(_:id:listed:cancellable:)``.
package protocol GateKeeper: AnyObject, Sendable {
  associatedtype Answer: Sendable
  associatedtype Entry: Sendable
  /// Runs `body` on the gate under the keeper's lock.
  func withGate<Result>(_ body: (inout Gate<Answer, Entry>) -> Result) -> Result
  /// Told, under the keeper's lock, what happened to call `id` at the
  /// gate, for what the keeper counts of its calls.
  func gateNoted(_ event: GateEvent, of id: Int)
}

extension GateKeeper {
  /// Parks a call at the gate and waits for its answer.
  /// - Parameters:
  ///   - entry: the call; `id` its number.
  ///   - listed: whether the keeper may answer it.
  ///   - cancellable: whether the task's cancellation ends the wait.
  /// - Throws: `CancellationError` when the task is cancelled first, and
  ///   the wait is cancellable.
  package func waitAtGate(_ entry: Entry, id: Int, listed: Bool, cancellable: Bool) async throws -> Answer {
    withGate {
      $0.park(entry, listed: listed, cancellable: cancellable)
      gateNoted(.parked, of: id)
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if !withGate({ $0.install(continuation, for: id) }) {
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let continuation = withGate { gate -> Gate<Answer, Entry>.Continuation? in
        switch gate.cancel(id) {
        case .unaffected: return nil
        case .held:
          gateNoted(.cancelledWhileHeld, of: id)
          return nil
        case .cancelled(let continuation):
          gateNoted(.cancelled, of: id)
          return continuation
        }
      }
      continuation?.resume(throwing: CancellationError())
    }
  }
}
