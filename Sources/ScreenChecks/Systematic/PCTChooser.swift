import BenchBasics

/// Chooses as probabilistic concurrency testing does
/// (``ExplorationStrategy/pct(depth:)``): each agent gets a random priority
/// when it first offers a choice, the agent of highest priority goes (one of
/// its variants, an answer or a failure, drawn at random), and at each of
/// `depth - 1` change points drawn from the run's expected length the agent
/// going drops to a priority below every initial one.
@MainActor
final class PCTChooser: ScheduleChooser {
  private var generator: SeededGenerator
  private var priorities: [String: Int] = [:]
  /// The step at which each change point falls, with the priority it sets.
  private let changePoints: [Int: Int]
  private let depth: Int
  /// The choices made so far, in this run.
  private(set) var steps = 0
  var diverged: Bool { false }

  /// - Parameters:
  ///   - seed: the run's seed.
  ///   - depth: the flaw depth aimed at; `depth - 1` change points.
  ///   - expectedSteps: how many choices a run is expected to make.
  init(seed: UInt64, depth: Int, expectedSteps: Int) {
    var generator = SeededGenerator(seed: seed)
    let length = max(expectedSteps, 1)
    var points: [Int: Int] = [:]
    var priority = max(depth - 1, 0)
    while priority > 0, points.count < length {
      let step = 1 + Int(generator.next() % UInt64(length))
      guard points[step] == nil else { continue }
      points[step] = priority
      priority -= 1
    }
    self.generator = generator
    self.changePoints = points
    self.depth = max(depth, 1)
  }

  func choose<Options: RandomAccessCollection<ScheduleChoice>>(_ options: Options) -> Int where Options.Index == Int {
    steps += 1
    var best: (agent: String, priority: Int)?
    var variants: [Int] = []
    for index in options.indices {
      let agent = Self.agent(of: options[index])
      let priority = priority(of: agent)
      if best == nil || priority > best!.priority {
        best = (agent, priority)
        variants = [index]
      } else if agent == best?.agent {
        variants.append(index)
      }
    }
    guard let best, !variants.isEmpty else { return 0 }
    let chosen = variants.count == 1 ? variants[0] : variants[Int(generator.next() % UInt64(variants.count))]
    if let lowered = changePoints[steps] { priorities[best.agent] = lowered }
    return chosen
  }

  /// The agent's priority, drawn above every change point's when it first offers a choice.
  private func priority(of agent: String) -> Int {
    if let known = priorities[agent] { return known }
    let drawn = depth + Int(generator.next() % 1_000_000)
    priorities[agent] = drawn
    return drawn
  }

  /// Who makes `choice`: the user (every action), one call's answer, one
  /// held task, one clock wake, the view, one presentation, one runnable job.
  static func agent(of choice: ScheduleChoice) -> String {
    switch choice {
    case .reactNow: return "view"
    case .runOldestJob: return "job 1"
    case .letPresentationThrough: return "presentations"
    case .step(let step):
      switch step {
      case .act, .actBeforePresentation, .actBetweenJobs: return "user"
      case .release(let label, _), .holdAnswer(let label, _): return "call \(label)"
      case .resumeHeldAnswer(let label): return "held \(label)"
      case .advanceClock(let n), .holdWake(let n): return "clock \(n)"
      case .resumeHeldWake(let n): return "woken \(n)"
      case .react: return "view"
      case .holdPresentation(let request, let occurrence), .showHeldPresentation(let request, let occurrence):
        return "presentation \(request)#\(occurrence)"
      case .runJob(let position, _): return "job \(position)"
      }
    }
  }
}
