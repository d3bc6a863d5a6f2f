/// The trial a task works for, as a task-local value: bound by the job
/// driver around a trial's body, so that every task the trial's code starts
/// with `Task { }`, `Task.immediate`, `async let` or a task group inherits it,
/// whatever priority the app gives that task.
///
/// The enqueue hook reads it in the context that enqueues a job (the creator
/// of a task, the resumer of a continuation); a task enqueuing itself is
/// told by its id instead (the runtime clears the current task first).
/// `Task.detached` does not inherit it: a detached task is the trial's when
/// its creator was.
enum TrialScope {
  /// The raw value of the marker of the trial the current task works for.
  @TaskLocal static var marker: UInt8?
}
