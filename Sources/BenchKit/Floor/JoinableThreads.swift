import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plain POSIX threads, started together and joined together.
///
/// Not the cooperative pool, not Dispatch: each body runs on a thread of its
/// own, created with `pthread_create` and named, so that tools (and tests)
/// can find it: Linux shows the name in `/proc/self/task/*/comm`, Darwin
/// gives it to `pthread_getname_np` and debuggers.
final class JoinableThreads {
  private let lock = NSLock()
  private var handles: [pthread_t]
  private var joined = false

  /// Starts one thread per body.
  /// - Parameters:
  ///   - names: the threads' names, one per body; cut to the 15 bytes Linux
  ///     keeps (Darwin keeps 63), so both platforms show the same name.
  ///   - bodies: what each thread runs; the thread ends when its body returns.
  init(names: [String], bodies: [@Sendable () -> Void]) {
    precondition(names.count == bodies.count, "one name per thread body")
    handles = []
    for (name, body) in zip(names, bodies) {
      let start = ThreadStart(name: String(decoding: name.utf8.prefix(15), as: UTF8.self), body: body)
      let context = Unmanaged.passRetained(start).toOpaque()
      #if canImport(Glibc)
        var handle = pthread_t()
        let status = pthread_create(
          &handle, nil,
          { context in
            Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue().run()
            return nil
          }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
        handles.append(handle)
      #else
        var handle: pthread_t?
        let status = pthread_create(
          &handle, nil,
          { context in
            Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().run()
            return nil
          }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
        handles.append(handle!)
      #endif
    }
  }

  /// Whether ``joinAll()`` has joined every thread.
  var isJoined: Bool {
    lock.withLock { joined }
  }

  /// Waits for every thread to return. Idempotent; the bodies must be on
  /// their way out, or this blocks.
  func joinAll() {
    lock.withLock {
      guard !joined else { return }
      for handle in handles {
        let status = pthread_join(handle, nil)
        precondition(status == 0, "pthread_join failed: \(status)")
      }
      joined = true
    }
  }
}

// Safety: `handles` and `joined` are read and written only with `lock` held,
// and `pthread_join` runs at most once per thread, under the same lock.
extension JoinableThreads: @unchecked Sendable {}

/// What a new thread needs: its name and its body.
private final class ThreadStart: Sendable {
  let name: String
  let body: @Sendable () -> Void

  init(name: String, body: @escaping @Sendable () -> Void) {
    self.name = name
    self.body = body
  }

  func run() {
    #if canImport(Darwin)
      // Darwin's pthread_setname_np names the calling thread.
      _ = pthread_setname_np(name)
    #else
      // Foundation sets the name with pthread_setname_np, which Glibc's
      // module does not export to Swift.
      Thread.current.name = name
    #endif
    body()
  }
}
