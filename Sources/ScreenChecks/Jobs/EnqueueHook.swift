import Synchronization

/// The driver's `swift_task_enqueueGlobal_hook`: every job bound for the
/// global concurrent executor, including every default actor's processing
/// job, passes it before the runtime enqueues it.
///
/// A job whose priority is a trial marker goes to ``JobCapture``; any other
/// job goes on to the hook that was installed before this one, or to the
/// runtime's own enqueue. Marker jobs are never forwarded: on Darwin the
/// runtime looks up a global dispatch queue by the job's priority, and a
/// marker is no valid quality of service there.
///
/// Main-actor jobs do not pass the hook (they go straight to the main queue),
/// nor do jobs of actors with custom executors, of tasks with a task executor
/// preference, or `Task.sleep`'s timers.
enum EnqueueHook {
  /// The runtime's own enqueue, handed to the hook.
  typealias Original = @convention(thin) (UnownedJob) -> Void
  /// A hook's signature, as the runtime calls it.
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// The hook installed before this one, as its address (0 for none), read
  /// by every forwarded job.
  private static let previous = Atomic<UInt>(0)

  /// The hook.
  static let entry: Hook = { job, original in
    if TrialMarker.isMarker(job.priority.rawValue) {
      JobCapture.shared.accept(job, viaHook: true)
    } else {
      EnqueueHook.forward(job, original)
    }
  }

  /// Passes a job that is not a trial's on, as if this hook were not there.
  static func forward(_ job: UnownedJob, _ original: Original) {
    let address = previous.load(ordering: .acquiring)
    if address == 0 {
      original(job)
    } else {
      unsafeBitCast(address, to: Hook.self)(job, original)
    }
  }

  /// Whether `slot` holds this hook.
  static func isInstalled(in slot: UnsafeMutablePointer<Hook?>) -> Bool {
    guard let current = slot.pointee else { return false }
    return address(of: current) == address(of: entry)
  }

  /// Installs the hook in `slot`, keeping whatever was there to forward to;
  /// does nothing when it is installed already.
  /// - Returns: whether it had to be installed.
  /// - Important: called on the main actor, where every install happens.
  @MainActor
  @discardableResult
  static func install(in slot: UnsafeMutablePointer<Hook?>) -> Bool {
    guard !isInstalled(in: slot) else { return false }
    previous.store(slot.pointee.map(address(of:)) ?? 0, ordering: .releasing)
    slot.pointee = entry
    return true
  }

  private static func address(of hook: Hook) -> UInt {
    unsafeBitCast(hook, to: UInt.self)
  }
}
