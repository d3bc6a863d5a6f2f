import Dispatch

/// A task executor that runs its jobs on a private serial queue: work that
/// bypasses the global enqueue hook, as a task executor preference does.
final class QueueTaskExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "QueueTaskExecutor")

  /// An executor with its own queue.
  init() {}

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
