/// Grades a trial's timeline against a contract: pure, no clocks, no tasks.
///
/// Results are attributed by content: each item on screen is a token the
/// checker handed out with one call's answer (or, in the profile scene, the
/// user a profile shows), so it names the action whose results it is,
/// whatever the screen labelled it with. An error is attributed by the call
/// its message names, else by the failure the work that showed it met (see
/// ``DescribedScreenAdapter``), else to the newest action.
///
/// The rules (a trial with `K` actions; the last generation is the newest
/// an action started: the `K`-th action's, or, when it asks for a next
/// page, the one it continues, unless a newer one was started):
/// - mislabelled: results labelled with another generation than the one
///   whose content they show, content of no action at all, or a derived
///   value (a count, a badge) out of step with the results beside it;
/// - stale: a result of generation `g` newly shown after code of the
///   screen saw an action of a newer generation (`refilled` when that action
///   cleared the query), unless the user then asked for more of `g` (a
///   next page continues the list on screen, as it was when they scrolled;
///   an async one when its closure starts), or the newer refresh failed
///   and kept `g`'s list, whose pages asked for before are asked for again. A synchronous action is seen as it is made; an
///   async one when its closure starts (as `.refreshable` starts it): a
///   result shown in between is not the screen's fault, since none of its
///   code could have known of the newer action;
/// - final screen: what is on screen after the last display that followed
///   the last action; stale-final when it is not the last generation's, or
///   an older one's that a next page continued and no newer list replaced;
/// - spurious error: an error shown when nothing of its generation failed, or
///   whose message is a cancellation's;
/// - lost: the last generation's result never reached the screen from the
///   work the actions started, or the screen never became quiescent;
/// - duplicate: something of the last generation newly shown twice;
/// - spinner off: the loading indicator off, at a display or a settled point,
///   while the newest action had a call in flight; stuck: on at the end;
/// - foreign page: results mixing two generations; page order: one
///   generation's results not in the order their pages were asked for, or
///   one twice.
package enum ContractGrader {
  /// Everything the rules need about one trial.
  package struct Input: Sendable {
    package var timeline: [TimelineEvent]
    package var contract: ScreenContract
    /// Whether the screen's work finished within the checker's bounds.
    package var quiescent: Bool
    /// The loading indicator once everything had settled, when known.
    package var finalLoading: Bool?
    /// Generations whose answers handed out no token: their results cannot
    /// be seen, so an empty screen is theirs.
    package var emptyGenerations: Set<Int>

    package init(
      timeline: [TimelineEvent], contract: ScreenContract, quiescent: Bool, finalLoading: Bool? = nil,
      emptyGenerations: Set<Int> = []
    ) {
      self.timeline = timeline
      self.contract = contract
      self.quiescent = quiescent
      self.finalLoading = finalLoading
      self.emptyGenerations = emptyGenerations
    }
  }

  /// Grades one trial.
  package static func grade(_ input: Input) -> ScreenVerdict {
    let actions = input.timeline.compactMap { event -> ActionRecord? in
      if case .action(let action) = event { return action }
      return nil
    }
    guard let last = actions.last else { return ScreenVerdict(observed: [.lost]) }
    let records = Dictionary(actions.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
    // The newest generation an action started: a next page the screen
    // asked for before it saw a newer refresh continues an older one.
    let lastGeneration = actions.map(\.generation).max() ?? last.generation
    let lastLoads = records[lastGeneration]?.loads ?? true
    let contract = input.contract
    let emptyLast = input.emptyGenerations.contains(lastGeneration)

    // An action the timeline says nothing more of was seen as it was made.
    let seenLater = Set(
      input.timeline.compactMap { event -> Int? in
        if case .actionSeen(let index) = event { return index }
        return nil
      })
    var newest: ActionRecord?
    /// The action of the newest generation code of the screen has seen.
    var newestSeen: ActionRecord?
    /// Older generations a next page asked to continue after a newer one
    /// was seen (the user scrolled the old list while a refresh ran, or
    /// after it failed and kept the old list): their results are asked for.
    var continuedOlder: Set<Int> = []
    /// The generations next pages were asked of so far.
    var pagesAsked: Set<Int> = []
    var afterLast = false
    var mislabelled = false
    var stale = false
    var refilled = false
    var spurious = false
    var spinnerOff = false
    var foreignPage = false
    var pageOrder = false
    var latestShows: [String: Int] = [:]
    var latestShownInside = 0
    var latestShownAnywhere = 0
    var finalScreen: Set<Int>?
    var window: String?

    func spinnerIsOffWrongly(_ isLoading: Bool, inFlight: Set<Int>) -> Bool {
      guard !isLoading, let newest, newest.loads else { return false }
      return inFlight.contains(newest.index)
    }

    for event in input.timeline {
      switch event {
      case .action(let action):
        newest = action
        if !action.kind.startsGeneration { pagesAsked.insert(action.generation) }
        if action.index == last.index { afterLast = true }
        if let newestSeen, action.generation < newestSeen.generation { continuedOlder.insert(action.generation) }
        if !seenLater.contains(action.index), action.generation >= newestSeen?.generation ?? 0 { newestSeen = action }
      case .actionSeen(let index):
        guard let seen = actions.first(where: { $0.index == index }) else { break }
        if seen.generation >= newestSeen?.generation ?? 0 {
          newestSeen = seen
        } else if let newestSeen, seen.generation < newestSeen.generation {
          // A next page whose closure started while the older list was still
          // on screen (a newer refresh seen but not answered, or failed).
          continuedOlder.insert(seen.generation)
        }
      case .settled(let view):
        if spinnerIsOffWrongly(view.isLoading, inFlight: view.inFlight) { spinnerOff = true }
      case .display(let display):
        if let isLoading = display.isLoading, spinnerIsOffWrongly(isLoading, inFlight: display.inFlight) {
          spinnerOff = true
        }
        // A count or badge out of step with the results beside it.
        if !display.disagreeing.isEmpty { mislabelled = true }
        let (foreign, disordered) = pagingFaults(display.items)
        foreignPage = foreignPage || foreign
        pageOrder = pageOrder || disordered
        var shown: [Int] = []
        var latestTokens: [String] = []
        if let error = display.error {
          if error.genuine, let generation = error.generation {
            shown.append(generation)
            if generation == lastGeneration { latestTokens.append(error.token) }
          } else {
            spurious = true
            // An error that should not exist is all this display showed.
            if display.newlyShown.isEmpty { continue }
          }
        }
        if display.newlyShown.contains(where: { $0.generation == nil }) {
          // Content of no action the checker made.
          mislabelled = true
          stale = stale || newestSeen != nil
          if afterLast { finalScreen = [-1] }
          continue
        }
        for item in display.newlyShown {
          guard let generation = item.generation else { continue }
          shown.append(generation)
          if generation == lastGeneration { latestTokens.append(item.token) }
          // A newer list took over from the one the user scrolled.
          continuedOlder = continuedOlder.filter { $0 >= generation }
        }
        let contentGenerations = Set(display.items.compactMap(\.generation))
        // The newest refresh the screen saw failed and kept the older list:
        // that list is current again, and the pages asked of it are asked for.
        if let error = display.error, error.genuine, let failed = error.generation, let newestSeen,
          failed == newestSeen.generation, !contentGenerations.contains(failed)
        {
          continuedOlder.formUnion(pagesAsked.filter { $0 < failed })
        }
        // Results that are none of what the label says; results that mix the
        // label's with another's are a paging fault, not a mislabel.
        if let label = display.label, !contentGenerations.isEmpty, !contentGenerations.contains(label) {
          mislabelled = true
        }
        if let newestSeen {
          for generation in shown where generation < newestSeen.generation && !continuedOlder.contains(generation) {
            if records[newestSeen.generation]?.clears == true, contract.has(.clearing) {
              refilled = true
            } else {
              stale = true
            }
            window =
              window
              ?? "action \(generation)'s results shown after the screen's code saw action \(newestSeen.index) "
              + (seenLater.contains(newestSeen.index) ? "(its closure had started)" : "(as it was made)")
          }
        }
        if !latestTokens.isEmpty {
          latestShownAnywhere += 1
          if display.insideActionWork { latestShownInside += 1 }
          for token in latestTokens { latestShows[token, default: 0] += 1 }
        }
        if afterLast {
          // A genuine error on screen is what the user is left with, whatever results stay behind it.
          if let error = display.errorOnScreen, error.genuine, let generation = error.generation {
            finalScreen = [generation]
          } else {
            finalScreen = contentGenerations
          }
        }
      }
    }

    var outcomes: Set<ScreenOutcome> = []
    if mislabelled { outcomes.insert(contract.mislabelled) }
    if spurious { outcomes.insert(.spuriousError) }
    if refilled { outcomes.insert(.refilled) }
    if foreignPage { outcomes.insert(.foreignPage) }
    if pageOrder { outcomes.insert(.pageOrder) }
    if let finalScreen {
      let wrongFinal: Bool
      if !lastLoads {
        wrongFinal = !finalScreen.isEmpty
      } else if finalScreen.isEmpty {
        wrongFinal = latestShownAnywhere > 0 && !emptyLast
      } else {
        // An older list the user went on scrolling (a refresh failed and
        // kept it, or had not answered yet) may end the trial too.
        wrongFinal = !finalScreen.isSubset(of: continuedOlder.union([lastGeneration]))
      }
      if wrongFinal { outcomes.insert(.staleFinal) }
    }
    if !input.quiescent || (lastLoads && latestShownInside == 0 && !emptyLast) { outcomes.insert(.lost) }
    if stale { outcomes.insert(.staleFlash) }
    if spinnerOff { outcomes.insert(.spinnerOff) }
    if input.finalLoading == true { outcomes.insert(.spinnerStuck) }
    if latestShows.values.contains(where: { $0 > 1 }) { outcomes.insert(.duplicate) }
    let graded = Set(contract.outcomes)
    var verdict = ScreenVerdict(observed: outcomes.filter { graded.contains($0) })
    if verdict.observed.contains(.staleFlash) || verdict.observed.contains(.refilled) { verdict.window = window }
    return verdict
  }

  /// Whether `items` mix generations, and whether one generation's items
  /// are out of the order their calls and answers gave them (or repeated).
  private static func pagingFaults(_ items: [ShownItem]) -> (foreign: Bool, disordered: Bool) {
    let generations = Set(items.compactMap(\.generation))
    let foreign = generations.count > 1
    var disordered = false
    for generation in generations {
      var previous: (call: Int, position: Int)?
      for item in items where item.generation == generation {
        guard let call = item.call, let position = item.position else { continue }
        if let previous, (call, position) <= previous { disordered = true }
        previous = (call, position)
      }
    }
    return (foreign, disordered)
  }
}
