/// What a trial's code did outside the checker's hands: the evidence that a
/// settle by counting jobs was not exact for this trial.
///
/// Every job the driver captures runs on the main queue, from the checker's
/// own code; so trial code seen anywhere else escaped (a custom actor
/// executor, a task executor preference, a Dispatch or Foundation callback),
/// and a trial's job that arrives from anywhere else was released by
/// something the checker does not control (a `Task.sleep` timer, a
/// continuation resumed from another thread).
package struct TrialEscapes: Hashable, Sendable, CustomStringConvertible {
  /// Calls of ``TrialJobDriver/noteTrialCode()`` made by the trial's tasks
  /// somewhere other than the main queue.
  package var codeOffMainQueue = 0
  /// The trial's jobs that reached the enqueue hook from somewhere other
  /// than the main queue.
  package var jobsFromOffMainQueue = 0
  /// The trial's jobs that became runnable while the checker waited with
  /// nothing of its own left to run: a timer firing, a callback, whatever
  /// the trial waited for outside the checker.
  package var releasedWhileWaiting = 0
  /// Whether something replaced the driver's enqueue hook while the trial
  /// ran, so that some of its jobs may have gone elsewhere.
  package var hookReplaced = false

  /// No escapes.
  package init() {}

  /// Every escape counted, the replaced hook as one.
  package var total: Int {
    codeOffMainQueue + jobsFromOffMainQueue + releasedWhileWaiting + (hookReplaced ? 1 : 0)
  }

  /// `no escapes`, or what escaped.
  package var description: String {
    guard total > 0 else { return "no escapes" }
    var parts: [String] = []
    if codeOffMainQueue > 0 { parts.append("\(codeOffMainQueue) off the main queue") }
    if jobsFromOffMainQueue > 0 { parts.append("\(jobsFromOffMainQueue) jobs released from off the main queue") }
    if releasedWhileWaiting > 0 { parts.append("\(releasedWhileWaiting) released while the checker waited") }
    if hookReplaced { parts.append("the enqueue hook was replaced") }
    return parts.joined(separator: ", ")
  }
}
