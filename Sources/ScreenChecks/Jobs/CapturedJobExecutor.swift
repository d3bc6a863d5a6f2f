/// The executor every captured job runs on, so that what a job enqueues back
/// on "its current executor" (a nonisolated `Task.yield()`, for one) returns
/// to the driver instead of going to a thread pool.
///
/// Running a captured job on the global concurrent executor instead lets its
/// continuations re-enqueue there, past the hook, and run on the real pool.
final class CapturedJobExecutor: SerialExecutor {
  /// The executor.
  init() {}

  /// Hands `job` to ``JobCapture``, as if it had reached the hook; a job
  /// that is not the trial's goes to the runtime.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if !JobCapture.shared.accept(job, viaHook: false), !EnqueueHook.giveBack(job) {
      JobCapture.shared.acceptAsLeftover(job)
    }
  }
}
