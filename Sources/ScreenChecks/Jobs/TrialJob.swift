/// A runnable job of a trial, as a chooser sees it.
///
/// The checker's job-level exploration picks the next job to run from a list
/// of these (``TrialJobs/runnableJobs``), oldest first.
package struct TrialJob: Hashable, Sendable, CustomStringConvertible {
  /// What a job resumes.
  package enum Kind: Hashable, Sendable {
    /// A task: its first run, or its resumption after a suspension. `id` is
    /// the runtime's task id (ids grow with creation order).
    case task(id: UInt64)
    /// A default actor's processing job: it runs the jobs queued on one actor.
    case actor
    /// Any other job the runtime makes (a nullary continuation, an isolated
    /// deinit), with the runtime's kind number.
    case other(rawKind: UInt8)

    /// The kind of a job whose flags are `flags`, with task id `taskID`.
    ///
    /// The low byte of the flags is the runtime's `JobKind`: 0 for a task,
    /// 192 to 194 for a default actor's inline, separate and override jobs.
    init(flags: UInt, taskID: UInt64) {
      let rawKind = UInt8(truncatingIfNeeded: flags)
      if rawKind == 0 {
        self = .task(id: taskID)
      } else if rawKind >= 192 && rawKind <= 194 {
        self = .actor
      } else {
        self = .other(rawKind: rawKind)
      }
    }
  }

  /// The job's arrival number in its trial: 0 for the first job the trial's
  /// code enqueued. Stable while the job waits, so a chooser can name it.
  package let sequence: Int
  /// What the job resumes.
  package let kind: Kind

  /// A job that arrived `sequence`-th and resumes `kind`.
  package init(sequence: Int, kind: Kind) {
    self.sequence = sequence
    self.kind = kind
  }

  /// `#3 task 41`, `#4 actor`, `#5 job kind 195`.
  package var description: String {
    switch kind {
    case .task(let id): "#\(sequence) task \(id)"
    case .actor: "#\(sequence) actor"
    case .other(let rawKind): "#\(sequence) job kind \(rawKind)"
    }
  }
}
