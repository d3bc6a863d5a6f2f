/// Checks a screen description before its trials: that its name and
/// actions are usable, that its first action makes the screen call an
/// endpoint the checker answers, and that its actions return once
/// everything the checker controls has been answered.
///
/// One trial, answering every call naturally and firing every deadline in
/// turn, with every wait bounded: a description that fails gets a one-line
/// ``ScreenDescriptionError`` instead of a table that means nothing.
@MainActor
struct DescriptionProbe {
  var screen: CheckedScreen
  var configuration: CheckConfiguration
  var settler: SceneSettler
  /// The job driver it counts jobs with; `nil` to sample.
  var driver: TrialJobDriver?

  /// The most answers and deadlines the probe gives before it gives up.
  static let steps = 1_000

  /// Runs the probe.
  /// - Returns: what the probe's trial did outside the checker's hands,
  ///   when it counted its jobs: a run that would escape too is sampled
  ///   from the start.
  @discardableResult
  func run() async throws(ScreenDescriptionError) -> TrialEscapes? {
    guard ScreenNames.isKebabCase(screen.name) else { throw .invalidName(screen.name) }
    guard screen.actions.contains(where: \.mayComeFirst) else {
      throw .noLoadingAction(screen: screen.name)
    }
    let found: ScreenDescriptionError?
    var escapes: TrialEscapes?
    if let driver {
      (found, escapes) = await driver.withTrial { jobs in
        let found = await probe(jobs)
        return (found, jobs.escapeReport)
      }
    } else {
      found = await probe(nil)
    }
    if let found { throw found }
    return escapes
  }

  /// The probe's trial, settled by counting `jobs` when there are any.
  /// - Returns: what it found wrong, if anything.
  private func probe(_ jobs: TrialJobs?) async -> ScreenDescriptionError? {
    let context = TrialContext(screen: screen, configuration: configuration, mode: .gated, pace: .manual)
    context.taskPriority = jobs?.marker
    var busy: (jobs: Int, cause: String)?
    func settle() async {
      if let jobs {
        let result = await SystematicTrial.count(jobs, context: context, timeout: settler.timeout)
        if case .busy(let count, let cause) = result, busy == nil {
          busy = (count, cause)
          // Never run again: a task that spins would keep the process busy
          // after the check, on the main queue or the thread pool.
          jobs.abandon()
        }
      } else {
        _ = await settler.settle { Fingerprint(context) }
      }
    }
    context.start()
    /// Waits for work the checker does not drive (a timer on the system
    /// clock, a callback) to hand it a job, while the action's work runs.
    func waitForOtherWork() async -> Bool {
      guard let jobs, !context.workHasFinished else { return false }
      return await jobs.waitForRunnableJob(timeout: configuration.quiescenceTimeout)
    }
    /// Lets time pass for work the checker cannot follow: waiting for a
    /// job of the trial's (a sleep of the probe's own task would be one,
    /// and never run), then settling.
    func pause() async {
      if let jobs {
        _ = await jobs.waitForRunnableJob(timeout: .milliseconds(5))
        await settle()
      } else {
        try? await Task.sleep(for: .milliseconds(5))
      }
    }
    var found = await look(
      at: context, settle: settle, waitForOtherWork: waitForOtherWork, pause: pause, gaveUp: { busy != nil })
    if let busy {
      found = .neverSettles(
        screen: screen.name, action: context.actions.records.first?.description ?? "the start", cause: busy.cause)
    }
    context.switchboard.close(with: .failure(status: 503))
    context.adapter?.disappear()
    if busy == nil { await settle() }
    return found
  }

  private func look(
    at context: TrialContext, settle: () async -> Void, waitForOtherWork: () async -> Bool,
    pause: () async -> Void, gaveUp: () -> Bool
  ) async -> ScreenDescriptionError? {
    if let error = context.descriptionErrors.first { return error }
    guard let kind = context.allowedActions.first else {
      let firsts = context.screen.allowedActions(after: []).map { "\($0)" }
      return .noActionOffered(screen: context.screen.name, actions: firsts)
    }
    let first = context.act(kind)
    context.declareLastAction()
    for _ in 0..<Self.steps {
      await settle()
      if gaveUp() { return nil }
      if let error = context.descriptionErrors.first { return error }
      if let call = context.switchboard.snapshot.pending.first {
        context.switchboard.release(call.id, with: .natural)
      } else if let sleeper = context.clock.nextSleeper {
        context.clock.advance(toSleep: sleeper.number)
      } else if await waitForOtherWork() {
        continue
      } else {
        break
      }
    }
    context.adapter?.lookAtScreen()
    if let error = context.descriptionErrors.first { return error }
    if let action = context.adapter?.unreturnedActions.first {
      return .actionNeverReturned(screen: screen.name, action: action.description)
    }
    if context.switchboard.records.isEmpty {
      let called = await lateCall(in: context, pause: pause)
      guard called else {
        // Work that is still waiting was handed the endpoints, or may have
        // been: it waits on something else, which is what to fix.
        return context.workHasFinished
          ? .neverCalledEndpoint(screen: screen.name, action: first.description)
          : .waitsOnNothingTheCheckerAnswers(screen: screen.name, action: first.description)
      }
    }
    return nil
  }

  /// Waits, up to the quiescence bound, for a call made from work the
  /// checker cannot follow (a task started on a Dispatch queue): such a
  /// screen is checked, sampled, rather than refused.
  private func lateCall(in context: TrialContext, pause: () async -> Void) async -> Bool {
    let deadline = ContinuousClock.now + configuration.quiescenceTimeout
    while ContinuousClock.now < deadline {
      await pause()
      if !context.switchboard.records.isEmpty { return true }
    }
    return false
  }
}

/// The rules for names that appear in variant names and schedule strings.
package enum ScreenNames {
  /// Lowercase letters, digits and single hyphens, starting and ending with a letter or digit.
  package static func isKebabCase(_ name: String) -> Bool {
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
    return !name.isEmpty && name.allSatisfy(allowed.contains) && name.first != "-" && name.last != "-"
      && !name.contains("--")
  }

  /// Letters the schedule strings use for steps other than answers: each
  /// action's token, then ``ScheduleStep/stepLetters``.
  package static let reservedLetters: [String] =
    ActionKind.allCases.map { String($0.token) } + ScheduleStep.stepLetters.map(String.init)

  /// The same, as a set.
  package static let reservedEndpointNames = Set(reservedLetters)

  /// Whether `name` can name an endpoint: lowercase ASCII letters, not reserved.
  package static func isEndpointName(_ name: String) -> Bool {
    !name.isEmpty && name.allSatisfy { $0.isASCII && $0.isLowercase } && !reservedEndpointNames.contains(name)
  }
}
