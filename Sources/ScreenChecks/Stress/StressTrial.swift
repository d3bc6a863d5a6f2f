import BenchBasics

/// Runs one stress trial: real executors, actions at seeded moments, and
/// dependencies that answer by themselves, with seeded latency and failures
/// (or a real network's).
///
/// The trial waits, with a bound, for the ``ActionWorkProbe`` of its actions
/// to report that every task they started has finished, and grades the
/// timeline with the same rules as a systematic trial.
package struct StressTrial: Sendable {
  /// Where a trial's calls go.
  package enum Network: Sendable {
    /// The checker answers them, with the options' latency and failures.
    case answered
    /// A real network answers them (the screen's adapter knows which).
    case live
  }

  /// How much faster than real time the screen's clock runs.
  package static let clockSpeedup = 1_000

  /// The screen under check.
  package var screen: CheckedScreen
  /// The checker's configuration.
  package var configuration: CheckConfiguration
  /// How trials are drawn.
  package var options: StressOptions
  /// Where the calls go.
  package var network: Network

  package init(
    screen: CheckedScreen, configuration: CheckConfiguration, options: StressOptions, network: Network
  ) {
    self.screen = screen
    self.configuration = configuration
    self.options = options
    self.network = network
  }

  /// Runs the trial whose timing (and, answered by the checker, latency and
  /// failures) derive from `seed`.
  @MainActor
  package func run(seed: UInt64) async -> ScreenTrialResult {
    var generator = SeededGenerator(seed: seed)
    let mode: SwitchboardMode
    switch network {
    case .answered:
      mode = .timed(
        latency: options.latency, failureProbability: options.failureProbability, seed: generator.next())
    case .live:
      mode = .live
    }
    let context = TrialContext(
      screen: screen, configuration: configuration, mode: mode, pace: .scaled(speedup: Self.clockSpeedup))
    context.start()
    // The view's `.task` modifiers start before the user can act.
    await Task.yield()

    let appeared = ContinuousClock.now
    if let kind = await Self.offered(context, waitingUntil: appeared + options.maxActionGap, using: &generator) {
      context.act(kind)
      var previous = ContinuousClock.now
      for _ in 1..<configuration.actions {
        let deadline = previous + options.maxActionGap * generator.nextUnitDouble()
        try? await Task.sleep(until: deadline, tolerance: .zero, clock: .continuous)
        // An action the screen does not offer now is not made: the user
        // waits for one (up to the longest gap), or is done.
        guard let kind = await Self.offered(context, waitingUntil: deadline + options.maxActionGap, using: &generator)
        else { break }
        context.act(kind)
        previous = deadline
      }
    }
    let quiescent = await context.waitForWork(timeout: configuration.quiescenceTimeout)
    // Work the actions' tasks did not carry (a task the screen's code
    // started on a Dispatch queue, a detached one) may still be running,
    // and its results still on their way to the main queue: wait for it,
    // or set the trial aside.
    let waits =
      quiescent
      && (context.switchboard.records.contains { $0.work == nil } || context.switchboard.snapshot.inFlight > 0)
    let settledOutside = waits ? await Self.waitForQuiet(context, bound: configuration.quiescenceTimeout) : true
    let outside = context.switchboard.records.filter { $0.work == nil }.count
    var result = TrialGrading.result(
      context: context, schedule: nil, quiescent: quiescent, failedChecks: [], diverged: false, quietSettles: 0,
      settledBy: nil,
      unsettledReason:
        "the \(screen.actionNoun)s' tasks had not finished \(configuration.quiescenceTimeout) after the last \(screen.actionNoun)"
    )
    result.callsOutsideTheActions = outside
    result.waitedForWorkOutside = waits
    if !settledOutside {
      result.setAside =
        "work outside the \(screen.actionNoun)s' tasks (\(outside) call\(outside == 1 ? "" : "s") made from a Dispatch "
        + "queue, a thread or a detached task) had not ended \(configuration.quiescenceTimeout) after they finished"
    }
    if result.leftInFlight > 0, case .answered = network {
      // Keep a leak from running into the next trials' measurements. A
      // real network offers no such wait: its requests end on their own.
      _ = await context.switchboard.waitUntilIdle(timeout: configuration.quiescenceTimeout)
    }
    context.adapter?.disappear()
    return result
  }

  /// How long the screen must stay quiet, with no call in flight, before
  /// work outside the actions' tasks is taken to have ended.
  package static let quietWindow = Duration.milliseconds(5)

  /// Waits, up to `bound`, until no call is in flight and neither the
  /// screen nor the calls changed for ``quietWindow``: the end of work the
  /// checker cannot count (timing, and said so in the report).
  /// - Returns: whether it came.
  @MainActor
  private static func waitForQuiet(_ context: TrialContext, bound: Duration) async -> Bool {
    let deadline = ContinuousClock.now + bound
    var last = (events: context.timeline.count, calls: context.switchboard.callCount)
    while ContinuousClock.now < deadline {
      _ = await context.switchboard.waitUntilIdle(timeout: deadline - .now)
      try? await Task.sleep(for: quietWindow, tolerance: .zero, clock: .continuous)
      let now = (events: context.timeline.count, calls: context.switchboard.callCount)
      if now == last, context.switchboard.snapshot.inFlight == 0 { return true }
      last = now
    }
    return false
  }

  /// An action the screen offers, drawn from `generator`; when it offers
  /// none, the one it offers first before `deadline`, looked for every
  /// 50 µs of real time, or `nil`.
  @MainActor
  private static func offered(
    _ context: TrialContext, waitingUntil deadline: ContinuousClock.Instant, using generator: inout SeededGenerator
  ) async -> ActionKind? {
    var kinds = context.allowedActions
    while kinds.isEmpty, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .microseconds(50), tolerance: .zero, clock: .continuous)
      kinds = context.allowedActions
    }
    return kinds.isEmpty ? nil : pick(kinds, using: &generator)
  }

  /// One of `kinds`, drawn from `generator` only when there is a choice, so
  /// that a screen with one kind of action draws its timing as before.
  private static func pick(_ kinds: [ActionKind], using generator: inout SeededGenerator) -> ActionKind {
    guard kinds.count > 1 else { return kinds.first ?? .load }
    return kinds[Int(generator.next() % UInt64(kinds.count))]
  }
}
