import Dispatch

/// Tells whether code runs on the main dispatch queue: where the main actor's
/// jobs and every job the driver runs execute.
///
/// Not "the main thread": on Linux an `async` entry point hands the main
/// queue to a worker thread (the process's first thread parks in
/// `dispatch_main`), so the main actor's code runs on a thread whose id is
/// not the process id, and `Thread.isMainThread` is false there. The queue's
/// identity holds on every platform and entry point.
enum MainQueueIdentity {
  /// Set on the main queue, read wherever the question is asked.
  private static let key = DispatchSpecificKey<Bool>()

  /// Marks the main queue; marking it again changes nothing.
  static func markMainQueue() {
    DispatchQueue.main.setSpecific(key: key, value: true)
  }

  /// Whether the caller runs on the main queue.
  /// - Important: ``markMainQueue()`` must have been called first.
  static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
