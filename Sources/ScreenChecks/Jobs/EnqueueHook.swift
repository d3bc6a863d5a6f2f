import Synchronization

/// The driver's `swift_task_enqueueGlobal_hook`: every job bound for the
/// global concurrent executor, including every default actor's processing
/// job, passes it before the runtime enqueues it.
///
/// A job whose priority is a trial marker goes to ``JobCapture``, and so,
/// while a trial is under way, does every other job for it to tell whether
/// the trial's code made it; the jobs it does not take go on to the hook that
/// was installed before this one, or to the runtime's own enqueue. Outside a
/// trial, a job without a marker costs one relaxed atomic load. Marker jobs are never forwarded: on Darwin the
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
  /// The runtime's own enqueue, as its address, kept from the first job
  /// that passed the hook: to give back a job that reached the driver's
  /// executor but is not the trial's.
  private static let runtimeEnqueue = Atomic<UInt>(0)

  static let entry: Hook = { job, original in
    if runtimeEnqueue.load(ordering: .relaxed) == 0 {
      runtimeEnqueue.store(unsafeBitCast(original, to: UInt.self), ordering: .relaxed)
    }
    let capture = JobCapture.shared
    if TrialMarker.isMarker(job.priority.rawValue) || capture.isTrialUnderWay, capture.accept(job, viaHook: true) {
      return
    }
    EnqueueHook.forward(job, original)
  }

  /// Gives a job that reached the driver's executor, and is not the
  /// trial's, to the runtime (through any hook installed before this one).
  /// - Returns: `false` when no job has passed the hook yet, so that the
  ///   runtime's enqueue is unknown.
  static func giveBack(_ job: UnownedJob) -> Bool {
    let address = runtimeEnqueue.load(ordering: .relaxed)
    guard address != 0 else { return false }
    forward(job, unsafeBitCast(address, to: Original.self))
    return true
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
