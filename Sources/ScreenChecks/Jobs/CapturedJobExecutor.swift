/// The executor every captured job runs on, so that what a job enqueues back
/// on "its current executor" (a nonisolated `Task.yield()`, for one) returns
/// to the driver instead of going to a thread pool.
///
/// Running a captured job on the global concurrent executor instead lets its
/// continuations re-enqueue there, past the hook, and run on the real pool.
final class CapturedJobExecutor: SerialExecutor {
  /// The executor.
  init() {}

  /// Hands `job` to ``JobCapture``, as if it had reached the hook.
  func enqueue(_ job: consuming ExecutorJob) {
    JobCapture.shared.accept(UnownedJob(job), viaHook: false)
  }
}
