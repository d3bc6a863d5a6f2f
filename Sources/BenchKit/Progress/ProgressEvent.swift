/// Something worth telling a person watching a run.
public enum ProgressEvent: Sendable, Equatable {
  /// A suite starts, with the estimate it gave for its run.
  case suiteStarted(suite: String, estimate: Duration)
  /// A phase of a suite starts, like "warm-up" or "measuring", with its step count.
  case phaseStarted(phase: String, totalSteps: Int)
  /// Steps of the current phase are done.
  case stepsCompleted(Int, of: Int)
  /// A one-line remark, like the seed in use.
  case note(String)
  /// A suite ends.
  case suiteFinished(suite: String, elapsed: Duration)
}
