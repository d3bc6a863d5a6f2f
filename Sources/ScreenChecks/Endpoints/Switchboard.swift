import BenchBasics
import Foundation

/// How a trial's switchboard answers calls.
package enum SwitchboardMode: Sendable {
  /// Every call parks until the checker answers it (systematic mode).
  case gated
  /// Every call answers by itself after a latency drawn from the seed, and
  /// fails with the given probability (stress mode).
  case timed(latency: LatencyModel, failureProbability: Double, seed: UInt64)
  /// Every call goes to a real network (stress mode over a server).
  case live
}

/// What a gated call answers when the checker releases it.
package enum GateAnswer: Sendable, Equatable {
  /// The endpoint's answer for its request.
  case natural
  /// A failure, as a server answering `status` would fail.
  case failure(status: Int)
}

/// The checker's side of every dependency a screen calls in one trial: it
/// records each call, attributes it to the action it was made for, and
/// answers it as the trial's mode says.
///
/// A call is attributed to an action by its request's key when its endpoint
/// reads one (the query it searches for is the action that typed it), else
/// by the action whose work the calling task does (``ActionWork``).
///
/// - Note: safe to call from any task; all state is behind one lock, never
///   held across an `await`, and continuations are resumed after it is released.
package final class Switchboard: GateKeeper {
  package let mode: SwitchboardMode
  package let cancellationStyle: CancellationStyle
  package let lateResponses: Bool
  /// The trial's actions, which keys are attributed by.
  package let actions: ActionLog
  /// The serial of the trial's probe, which task-local attribution reads.
  package let trialSerial: UInt64
  /// The job driver's trial this switchboard was made in, if any: a call
  /// from off the main queue while it is under way escaped its hands.
  private let driverTrial = TrialJobDriver.trialOfCurrentBody

  private let lock = NSLock()
  private var endpointNames: [String] = []
  private var allRecords: [CallRecord] = []
  private var counts = SwitchboardSnapshot()
  /// The parked calls, in label order (the order a schedule offers them
  /// in), and those answered whose task is held (``hold(_:with:)``).
  private var gate = Gate<GateAnswer, PendingCall>(id: { $0.id }, precedes: { $0.label < $1.label })
  private var ordinals: [String: Int] = [:]
  private var tokenOwners: [String: Int] = [:]
  private var generators: [String: (latency: SeededGenerator, failure: SeededGenerator)] = [:]
  private var root: SeededGenerator
  private var idleWaiters: [OneShotSignal] = []
  private var unissuedKeys: [(endpoint: String, key: String)] = []
  private var reported: [ScreenDescriptionError] = []
  /// Calls whose task was cancelled, on their way to ending: no longer
  /// what a loading indicator waits for.
  private var cancelling: Set<Int> = []
  /// Calls in flight and not cancelling, by action: what
  /// ``actionsInFlight`` reads, kept as calls come and go so that reading
  /// it costs nothing per call made.
  private var liveCallsByAction: [Int: Int] = [:]
  /// The actions some call was made for.
  private var callingActions: Set<Int> = []
  /// Counts every change to the calls: made, parked, answered, cancelled.
  private var changes = 0
  private var recordsCopied = 0
  /// What every call parks for once the trial is over (``close(with:)``):
  /// answered at once, so that a task calling late never waits forever.
  private var closingAnswer: GateAnswer?
  /// Time in the answer closures, and the slowest one.
  private var answerTime = Duration.zero
  private var slowestAnswer: (duration: Duration, label: CallLabel)?

  /// How long an answer closure may take before the check stops with
  /// ``ScreenDescriptionError/answerNeverReturned(screen:endpoint:bound:)``.
  package let answerBound: Duration

  /// Told each call's id as soon as it is counted: a seam for tests of
  /// what happens between a call's start and its wait.
  private let beganCall: (@Sendable (Int) -> Void)?

  package init(
    mode: SwitchboardMode, cancellationStyle: CancellationStyle, lateResponses: Bool, actions: ActionLog,
    trialSerial: UInt64, answerBound: Duration = .seconds(2), beganCall: (@Sendable (Int) -> Void)? = nil
  ) {
    self.beganCall = beganCall
    self.answerBound = answerBound
    self.mode = mode
    self.cancellationStyle = cancellationStyle
    self.lateResponses = lateResponses
    self.actions = actions
    self.trialSerial = trialSerial
    if case .timed(_, _, let seed) = mode {
      root = SeededGenerator(seed: seed)
    } else {
      root = SeededGenerator(seed: 1)
    }
  }

  // MARK: - Endpoints

  /// Declares an endpoint (once per name); its place orders call labels.
  package func declare(_ endpoint: String) {
    lock.withLock {
      guard !endpointNames.contains(endpoint) else { return }
      endpointNames.append(endpoint)
      generators[endpoint] = (root.split(), root.split())
    }
  }

  /// The endpoints declared, in order.
  package var endpoints: [String] { lock.withLock { endpointNames.unshared } }

  // MARK: - Calls

  /// Makes one call: records it, then answers it as the mode says.
  /// - Parameters:
  ///   - endpoint: the endpoint's name (declared before).
  ///   - request: the request, described for transcripts.
  ///   - key: the request's key, when the endpoint reads one.
  ///   - answer: the endpoint's answer, built from the content the checker hands out.
  ///   - failure: what the endpoint does when the checker fails it with a status: throw, or return a failing answer.
  ///   - live: the real network's answer, in ``SwitchboardMode/live``.
  ///   - status: the HTTP status of an answer, for endpoints that speak HTTP.
  ///   - action: the action the call is for, when the endpoint knows it
  ///     better than its key does (the profile scene's user id is its tap).
  /// - Returns: the answer.
  /// - Throws: the cancellation style's error when the calling task is
  ///   cancelled first (unless answers are late), or what `failure` throws.
  package func call<Response: Sendable>(
    endpoint: String, request: String, key: String?,
    answer: @Sendable (AnswerContent) throws -> Response,
    failure: @Sendable (AnswerContent, Int) throws -> Response,
    live: (@Sendable () async throws -> Response)? = nil,
    status: @Sendable (Response) -> Int? = { _ in nil },
    action: Int? = nil
  ) async throws -> Response {
    guard case .timed = mode else {
      return try await makeCall(
        endpoint: endpoint, request: request, key: key, answer: answer, failure: failure, live: live, status: status,
        action: action, cancellation: nil)
    }
    // The handler covers the whole call, from before it is counted in
    // flight until it has ended: a task cancelled before it called (a load
    // the view replaced before its first job ran), or while its answer was
    // on its way, has no call in flight for its action, however long its
    // thread is kept waiting in between.
    let cancellation = CallCancellation()
    return try await withTaskCancellationHandler {
      try await makeCall(
        endpoint: endpoint, request: request, key: key, answer: answer, failure: failure, live: live, status: status,
        action: action, cancellation: cancellation)
    } onCancel: {
      lock.withLock {
        cancellation.cancelled = true
        if let id = cancellation.id { markCancelling(id) }
      }
    }
  }

  private func makeCall<Response: Sendable>(
    endpoint: String, request: String, key: String?,
    answer: @Sendable (AnswerContent) throws -> Response,
    failure: @Sendable (AnswerContent, Int) throws -> Response,
    live: (@Sendable () async throws -> Response)?,
    status: @Sendable (Response) -> Int?,
    action: Int?, cancellation: CallCancellation?
  ) async throws -> Response {
    // A trial's code calling from outside the checker's hands makes its settle inexact.
    TrialJobDriver.noteTrialCode(ofTrial: driverTrial)
    let fromTask = ActionWork.action(inTrial: trialSerial)
    let fromKey = key.flatMap { actions.action(issuing: $0) }
    let ticket = begin(
      endpoint: endpoint, request: request, key: key, action: action ?? fromKey ?? fromTask ?? 0, work: fromTask,
      cancellation: cancellation)
    beganCall?(ticket.id)
    if action == nil, let key, fromKey == nil {
      lock.withLock { unissuedKeys.append((endpoint, key)) }
    }
    let content = AnswerContent(switchboard: self, call: ticket.id, label: ticket.label)
    /// Answers, or fails with `failingStatus`, once the call's wait is over.
    func respond(failingStatus: Int?) throws -> Response {
      let answering = ContinuousClock.now
      defer { noteAnswer(ticket.label, took: ContinuousClock.now - answering) }
      if let failingStatus {
        do {
          let response = try failure(content, failingStatus)
          finish(ticket.id, .failed("status(\(failingStatus))"))
          return response
        } catch {
          finish(ticket.id, .failed("status(\(failingStatus))"))
          throw error
        }
      }
      let response = try answer(content)
      finish(ticket.id, .answered(status: status(response)))
      return response
    }
    switch mode {
    case .gated:
      let failingStatus: Int?
      do {
        if case .failure(let status) = try await park(ticket.id, cancellable: !lateResponses) {
          failingStatus = status
        } else {
          failingStatus = nil
        }
      } catch {
        finish(ticket.id, .cancelled)
        throw cancellationStyle.error
      }
      return try respond(failingStatus: failingStatus)
    case .timed:
      // Cancelled or not, `call` holds a handler for the whole call.
      do {
        try await sleep(until: ticket.start + (ticket.latency ?? .zero))
      } catch {
        finish(ticket.id, .cancelled)
        throw cancellationStyle.error
      }
      return try respond(failingStatus: ticket.fails ? 500 : nil)
    case .live:
      guard let live else { preconditionFailure("Switchboard: a live call without a network") }
      do {
        let response = try await live()
        finish(ticket.id, .answered(status: status(response)))
        return response
      } catch {
        finish(ticket.id, error.reportsCancellation ? .cancelled : .failed(String(describing: error)))
        throw error
      }
    }
  }

  /// What a stress call's cancellation handler and its start share: the
  /// call's id once it has one, and whether its task was cancelled first.
  // Safety: read and written only with the switchboard's lock held.
  private final class CallCancellation: @unchecked Sendable {
    var id: Int?
    var cancelled = false
  }

  private struct Ticket {
    var id: Int
    var label: CallLabel
    var start: ContinuousClock.Instant
    var latency: Duration?
    var fails: Bool
  }

  private func begin(
    endpoint: String, request: String, key: String?, action: Int, work: Int?, cancellation: CallCancellation?
  ) -> Ticket {
    lock.withLock {
      let id = allRecords.count + 1
      let ordinalKey = "\(endpoint)\u{0}\(action)"
      let ordinal = ordinals[ordinalKey, default: 0] + 1
      ordinals[ordinalKey] = ordinal
      let rank = endpointNames.firstIndex(of: endpoint) ?? endpointNames.count
      let label = CallLabel(endpoint: endpoint, action: action, ordinal: ordinal, rank: rank)
      var latency: Duration?
      var fails = false
      if case .timed(let model, let probability, _) = mode {
        var pair = generators[endpoint] ?? (root.split(), root.split())
        latency = model.draw(using: &pair.latency)
        fails = pair.failure.nextUnitDouble() < probability
        generators[endpoint] = pair
      }
      let now = ContinuousClock.now
      var record = CallRecord(
        id: id, label: label, request: request, key: key, start: now, plannedLatency: latency, end: nil,
        outcome: .inFlight)
      record.work = work
      allRecords.append(record)
      liveCallsByAction[action, default: 0] += 1
      callingActions.insert(action)
      changes += 1
      counts.started += 1
      counts.inFlight += 1
      counts.maxInFlight = max(counts.maxInFlight, counts.inFlight)
      cancellation?.id = id
      if cancellation?.cancelled == true { markCancelling(id) }
      return Ticket(id: id, label: label, start: now, latency: latency, fails: fails)
    }
  }

  private func finish(_ id: Int, _ outcome: CallRecord.Outcome) {
    let waiters = lock.withLock { () -> [OneShotSignal] in
      if !cancelling.contains(id) { callEnded(allRecords[id - 1].action) }
      changes += 1
      allRecords[id - 1].end = .now
      allRecords[id - 1].outcome = outcome
      counts.inFlight -= 1
      switch outcome {
      case .answered: counts.answered += 1
      case .failed: counts.failed += 1
      case .cancelled: counts.cancelled += 1
      case .inFlight: preconditionFailure("call #\(id) finished in flight")
      }
      guard counts.inFlight == 0 else { return [] }
      defer { idleWaiters = [] }
      return idleWaiters
    }
    for waiter in waiters { waiter.fire() }
  }

  private func noteAnswer(_ label: CallLabel, took: Duration) {
    lock.withLock {
      answerTime += took
      if took > slowestAnswer?.duration ?? .zero { slowestAnswer = (took, label) }
    }
  }

  /// The time the answer closures took, and the slowest one's call.
  package var answerTiming: (total: Duration, slowest: (duration: Duration, label: CallLabel)?) {
    lock.withLock { (answerTime, slowestAnswer) }
  }

  /// Notes that call `id`'s task was cancelled: it no longer counts as in
  /// flight for its action. Called with the lock held.
  private func markCancelling(_ id: Int) {
    guard cancelling.insert(id).inserted, allRecords[id - 1].outcome == .inFlight else { return }
    callEnded(allRecords[id - 1].action)
  }

  /// One of `action`'s live calls ended or is ending. Called with the lock held.
  private func callEnded(_ action: Int) {
    let left = (liveCallsByAction[action] ?? 1) - 1
    liveCallsByAction[action] = left > 0 ? left : nil
  }

  /// Sleeps in stress mode: cancellable, unless answers are late, which
  /// arrive whatever the caller does.
  private func sleep(until deadline: ContinuousClock.Instant) async throws {
    guard lateResponses else {
      try await Task.sleep(until: deadline, tolerance: .zero, clock: .continuous)
      return
    }
    // An unstructured task on purpose: it keeps the caller's task-locals but
    // not its cancellation, as an answer already on the wire does.
    await Task { try? await Task.sleep(until: deadline, tolerance: .zero, clock: .continuous) }.value
  }

  // MARK: - Gates

  private func park(_ id: Int, cancellable: Bool) async throws -> GateAnswer {
    if let closingAnswer = lock.withLock({ closingAnswer }) { return closingAnswer }
    let call = lock.withLock { PendingCall(id: id, label: allRecords[id - 1].label) }
    return try await waitAtGate(call, id: id, listed: true, cancellable: cancellable)
  }

  package func withGate<Result>(_ body: (inout Gate<GateAnswer, PendingCall>) -> Result) -> Result {
    lock.withLock { body(&gate) }
  }

  package func gateNoted(_ event: GateEvent, of id: Int) {
    // A held call's answer is in hand: its task goes on with it when let
    // go, cancelled, as a task whose answer arrived as it was cancelled does.
    if event != .parked { markCancelling(id) }
    changes += 1
  }

  /// Answers one parked call.
  /// - Returns: whether it was parked (a cancelled or answered call is no longer).
  @discardableResult
  package func release(_ id: Int, with answer: GateAnswer) -> Bool {
    let released = lock.withLock { () -> Gate<GateAnswer, PendingCall>.Continuation? in
      guard let continuation = gate.release(id) else { return nil }
      changes += 1
      return continuation
    }
    released?.resume(returning: answer)
    return released != nil
  }

  /// Answers one parked call but holds its task: the answer is in hand
  /// (the task's cancellation no longer reaches the call, as it no longer
  /// reaches an answer already on its way to its task), and the task goes
  /// on only at ``resumeHeld(_:)``, as a task whose thread was kept from
  /// running would.
  /// - Returns: whether it was parked.
  @discardableResult
  package func hold(_ id: Int, with answer: GateAnswer) -> Bool {
    lock.withLock {
      guard gate.hold(id, with: answer) else { return false }
      changes += 1
      return true
    }
  }

  /// Lets the task of a call answered by ``hold(_:with:)`` go on with its answer.
  /// - Returns: whether it was held.
  @discardableResult
  package func resumeHeld(_ id: Int) -> Bool {
    let resumed = lock.withLock { () -> (Gate<GateAnswer, PendingCall>.Continuation, GateAnswer)? in
      guard let resumed = gate.resumeHeld(id) else { return nil }
      changes += 1
      return resumed
    }
    guard let (continuation, answer) = resumed else { return false }
    continuation.resume(returning: answer)
    return true
  }

  /// The calls answered whose task is held, in label order.
  package var heldCalls: [PendingCall] { lock.withLock { gate.held.unshared } }

  /// The held call labelled `label`, if there is one.
  package func heldCall(labelled label: CallLabel) -> Int? {
    lock.withLock { gate.held.first { $0.label == label }?.id }
  }

  /// Ends the trial's gates: lets every held task go on with its answer,
  /// answers every parked call with `answer`, and every call made later at
  /// once, with the same answer, so that a task of the screen's that calls
  /// after its trial was graded (a detached task, a continuation resumed
  /// late) ends instead of waiting forever.
  /// - Returns: how many were parked or held.
  @discardableResult
  package func close(with answer: GateAnswer) -> Int {
    let held = lock.withLock {
      closingAnswer = answer
      return gate.held.map(\.id)
    }
    for id in held { resumeHeld(id) }
    return held.count + releaseAll(with: answer)
  }

  /// Answers every parked call.
  /// - Returns: how many were parked.
  @discardableResult
  package func releaseAll(with answer: GateAnswer) -> Int {
    let released = lock.withLock { () -> [Gate<GateAnswer, PendingCall>.Continuation] in
      // A call whose continuation is not installed yet stays parked.
      let released = gate.releaseAll()
      if !released.isEmpty { changes += 1 }
      return released
    }
    for continuation in released { continuation.resume(returning: answer) }
    return released.count
  }

  // MARK: - Observation

  /// The counts and parked calls now.
  package var snapshot: SwitchboardSnapshot {
    lock.withLock {
      var snapshot = counts
      snapshot.pending = gate.parked.unshared
      return snapshot
    }
  }

  /// Every call so far, in order of arrival.
  package var records: [CallRecord] {
    lock.withLock {
      recordsCopied += allRecords.count
      return allRecords.unshared
    }
  }

  /// How many call records ``records`` copied out so far: a trial that
  /// copies them at every step costs the square of its calls.
  package var recordCopies: Int { lock.withLock { recordsCopied } }

  /// Call `id` (numbered from 1, in order of arrival), if it was made.
  package func record(_ id: Int) -> CallRecord? {
    lock.withLock { allRecords.indices.contains(id - 1) ? allRecords[id - 1] : nil }
  }

  /// How many calls were made.
  package var callCount: Int { lock.withLock { allRecords.count } }

  /// A number that changes with every call made, parked, answered or
  /// cancelled: what a settle compares to see the calls move.
  package var revision: Int { lock.withLock { changes } }

  /// The actions some call was made for.
  package var actionsCalled: Set<Int> { lock.withLock { callingActions } }

  /// Runs `body` on the parked calls, in label order, without copying
  /// them: the switchboard's lock is held meanwhile, so `body` must not
  /// call the switchboard, nor let the calls escape.
  package func withParkedCalls<Result>(_ body: (ArraySlice<PendingCall>) -> Result) -> Result {
    lock.withLock { body(gate.parked[...]) }
  }

  /// The parked call labelled `label`, if there is one.
  package func parkedCall(labelled label: CallLabel) -> Int? {
    lock.withLock { gate.parked.first { $0.label == label }?.id }
  }

  /// The actions with a call in flight now: started, and neither answered nor cancelled.
  package var actionsInFlight: Set<Int> {
    lock.withLock { Set(liveCallsByAction.keys) }
  }

  /// The call a handed-out token belongs to.
  package func call(owning token: String) -> Int? { lock.withLock { tokenOwners[token] } }

  /// The keys calls were made with that no action issued, first first.
  package var unissued: [(endpoint: String, key: String)] { lock.withLock { unissuedKeys.unshared } }

  /// Notes a mistake of the screen's description, found from any thread.
  package func report(_ error: ScreenDescriptionError) {
    lock.withLock { if !reported.contains(error) { reported.append(error) } }
  }

  /// The mistakes of the description noted so far.
  package var reportedErrors: [ScreenDescriptionError] { lock.withLock { reported.unshared } }

  /// Registers a token handed out by call `id`'s answer.
  fileprivate func register(_ token: String, for id: Int) {
    lock.withLock {
      tokenOwners[token] = id
      allRecords[id - 1].tokens.append(token)
    }
  }

  /// Waits until no call is in flight, or `timeout` passes.
  /// - Returns: whether the calls ended first.
  package func waitUntilIdle(timeout: Duration) async -> Bool {
    let signal = OneShotSignal()
    let idle = lock.withLock { () -> Bool in
      guard counts.inFlight > 0 else { return true }
      idleWaiters.append(signal)
      return false
    }
    if idle { return true }
    return await signal.wait(timeout: timeout)
  }
}

// Safety: every stored property is read and written only while `lock` is
// held, or is a `let` of a `Sendable` type.
extension Switchboard: @unchecked Sendable {}

/// The content the checker hands a call's answer: tokens that no other call
/// of the trial gets, so that whatever the screen shows of them says which
/// call, and so which action, it came from.
///
/// Build each answer's visible identity from them (an item's id, a title):
///
/// ```swift
/// deps.endpoint("search", key: \.query) { request, answer in
///   SearchPage(items: answer.tokens(3).map { Item(id: $0, title: $0) })
/// }
/// ```
public final class AnswerContent: Sendable {
  private let switchboard: Switchboard?
  /// A cost run's count of the tokens and numbers handed out, so that the
  /// run can tell answers that ignore ``payloadSize``.
  private let handedOut: HandedOutCount?
  private let id: Int
  /// What the call asks for: `search2`, `search1#2`.
  public let label: CallLabel
  /// In a cost run (``ScreenDescription/measureCosts(_:)``), how many items the
  /// run asks each answer to carry; `nil` while the checker grades the
  /// screen. Answer with that many (`answer.tokens(answer.payloadSize ??
  /// 2)`), or with your own fixture file's bytes when it is set.
  public let payloadSize: Int?

  fileprivate init(switchboard: Switchboard, call id: Int, label: CallLabel) {
    self.switchboard = switchboard
    self.id = id
    self.label = label
    self.payloadSize = nil
    self.handedOut = nil
  }

  /// A cost run's content: tokens are handed out and counted, not kept.
  package init(costCall id: Int, label: CallLabel, payloadSize: Int) {
    self.switchboard = nil
    self.id = id
    self.label = label
    self.payloadSize = payloadSize
    self.handedOut = HandedOutCount()
  }

  /// How many tokens and numbers a cost run's answer handed out; 0 otherwise.
  package var itemsHandedOut: Int { handedOut?.value ?? 0 }

  /// The `index`-th token of this answer, from 1: `search2-1`.
  public func token(_ index: Int) -> String {
    let token = "\(label)-\(index)"
    switchboard?.register(token, for: id)
    handedOut?.add()
    return token
  }

  /// The first `count` tokens of this answer.
  public func tokens(_ count: Int) -> [String] {
    (0..<max(count, 0)).map { token($0 + 1) }
  }

  /// The `index`-th number of this answer, from 1, for screens whose items
  /// have integer ids: unique in the trial, and shown as its decimal text.
  public func number(_ index: Int) -> Int {
    let number = id * 1_000 + index
    switchboard?.register(String(number), for: id)
    handedOut?.add()
    return number
  }
}

/// A count any thread may add to.
// Safety: `count` is read and written only with `lock` held.
private final class HandedOutCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
