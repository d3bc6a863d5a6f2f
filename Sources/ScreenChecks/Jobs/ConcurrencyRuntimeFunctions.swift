#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The concurrency runtime's C entry points the driver reads jobs with,
/// looked up by name in the running process.
///
/// All three are exported by `libswift_Concurrency` since Swift 5.5; they are
/// looked up rather than declared so that a toolchain without one makes the
/// driver unavailable, with the name, instead of failing to link.
struct ConcurrencyRuntimeFunctions {
  /// `swift_task_getJobFlags`: the job's flags; the low byte is its kind.
  let jobFlags: @convention(c) (UnsafeRawPointer) -> UInt
  /// `swift_task_getJobTaskId`: the id of a task job's task.
  let jobTaskID: @convention(c) (UnsafeRawPointer) -> UInt64
  /// `swift_task_getCurrent`: the task running on this thread, if any.
  let currentTask: @convention(c) () -> UnsafeRawPointer?

  /// The functions, or the name of the first one the runtime does not export.
  static func lookUp() -> Result<ConcurrencyRuntimeFunctions, MissingSymbol> {
    guard let flags = symbol("swift_task_getJobFlags") else { return .failure(MissingSymbol("swift_task_getJobFlags")) }
    guard let taskID = symbol("swift_task_getJobTaskId") else {
      return .failure(MissingSymbol("swift_task_getJobTaskId"))
    }
    guard let current = symbol("swift_task_getCurrent") else { return .failure(MissingSymbol("swift_task_getCurrent")) }
    return .success(
      ConcurrencyRuntimeFunctions(
        jobFlags: unsafeBitCast(flags, to: (@convention(c) (UnsafeRawPointer) -> UInt).self),
        jobTaskID: unsafeBitCast(taskID, to: (@convention(c) (UnsafeRawPointer) -> UInt64).self),
        currentTask: unsafeBitCast(current, to: (@convention(c) () -> UnsafeRawPointer?).self)))
  }

  /// The address of `name` among the symbols the process has loaded, if any.
  static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
      return dlsym(dlopen(nil, RTLD_NOW), name)
    #else
      return nil
    #endif
  }

  /// A symbol the runtime does not export.
  struct MissingSymbol: Error, CustomStringConvertible {
    /// The symbol's name.
    let name: String

    init(_ name: String) { self.name = name }

    /// `the concurrency runtime exports no swift_task_getCurrent`.
    var description: String { "the concurrency runtime exports no \(name)" }
  }
}
