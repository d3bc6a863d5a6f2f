import BenchKit
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct InterruptSignalTests {
  @Test func sigintRaisesTheProcessWideFlagAndRestoresTheDefault() {
    InterruptSignal.install()
    defer {
      InterruptSignal.flag.lower()
      signal(SIGINT, SIG_DFL)
    }
    #expect(!InterruptSignal.flag.isRaised)
    // Worker threads block signals; unblock SIGINT on this one so that
    // raise(3) runs the handler before it returns.
    var unblock = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &unblock, &previousMask)
    raise(SIGINT)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    #expect(InterruptSignal.flag.isRaised)
    // The handler put the default action back, so a second Ctrl-C ends the process.
    let previous = signal(SIGINT, SIG_IGN)
    #expect(previous == nil)
  }
}
