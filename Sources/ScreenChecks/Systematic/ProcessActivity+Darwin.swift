#if canImport(Darwin)
  import Darwin

  extension ProcessActivity {
    /// Every thread of this process, from Mach: `task_threads` lists them,
    /// `thread_info(THREAD_BASIC_INFO)` gives each one's run state and its
    /// user and system time.
    ///
    /// Mach keeps no per-thread count of how often a thread was scheduled, so
    /// ``ThreadActivity/timesScheduled`` is 0 and a thread counts as having
    /// run between two samples when its time moved, in microsecond steps: a
    /// wake-up shorter than a microsecond between two samples goes unseen.
    ///
    /// `task_threads` hands over a send right to each thread's port and an
    /// array allocated in this task; both are released before returning.
    static func platformSample() -> ProcessSample? {
      guard let me = platformCurrentThreadID() else { return nil }
      var list: thread_act_array_t?
      var count: mach_msg_type_number_t = 0
      guard task_threads(mach_task_self_, &list, &count) == KERN_SUCCESS, let list else { return nil }
      defer {
        for index in 0..<Int(count) {
          _ = mach_port_deallocate(mach_task_self_, list[index])
        }
        _ = vm_deallocate(
          mach_task_self_, vm_address_t(UInt(bitPattern: list)),
          vm_size_t(Int(count) * MemoryLayout<thread_act_t>.stride))
      }
      var threads: [ThreadActivity] = []
      for index in 0..<Int(count) {
        var info = thread_basic_info()
        // THREAD_BASIC_INFO_COUNT, a C macro Swift does not import.
        var infoCount = mach_msg_type_number_t(MemoryLayout<thread_basic_info>.size / MemoryLayout<integer_t>.size)
        let status = withUnsafeMutablePointer(to: &info) {
          $0.withMemoryRebound(to: integer_t.self, capacity: Int(infoCount)) {
            thread_info(list[index], thread_flavor_t(THREAD_BASIC_INFO), $0, &infoCount)
          }
        }
        guard status == KERN_SUCCESS else { continue }  // the thread ended between the two calls
        threads.append(
          ThreadActivity(
            id: UInt64(list[index]), runnable: info.run_state == TH_STATE_RUNNING, timesScheduled: 0,
            runtime: nanoseconds(info.user_time) + nanoseconds(info.system_time)))
      }
      return ProcessSample(current: me, threads: threads.sorted { $0.id < $1.id })
    }

    /// The task's name for the calling thread's port, the name `task_threads`
    /// gives it too. `pthread_mach_thread_np` adds no reference to release.
    static func platformCurrentThreadID() -> UInt64? {
      let port = pthread_mach_thread_np(pthread_self())
      return port == mach_port_t(MACH_PORT_NULL) ? nil : UInt64(port)
    }

    private static func nanoseconds(_ time: time_value_t) -> UInt64 {
      UInt64(max(time.seconds, 0)) * 1_000_000_000 + UInt64(max(time.microseconds, 0)) * 1_000
    }
  }
#endif
