import Foundation
import Testing

@testable import ScreenChecks

/// The process sampler behind the systematic checker's settles: `/proc` on
/// Linux, Mach on Darwin. Each test follows one thread of its own, so other
/// tests running in parallel cannot change what it asserts.
@Suite(.enabled(if: ProcessActivity.source != nil, "the process sampler exists on Linux and Darwin only"))
struct ProcessActivityTests {
  @Test func aSampleHoldsTheSamplingThreadAsRunnable() throws {
    let sample = try #require(ProcessActivity.sample())
    #expect(sample.current == ProcessActivity.currentThreadID())
    let me = try #require(sample.threads.first { $0.id == sample.current }, "\(sample.threads)")
    #expect(me.runnable)
    #expect(me.runtime > 0)
  }

  /// A thread parked on a condition shows asleep, with counters that stay
  /// put from one sample to the next; once it has ended, samples no longer list it.
  @Test func aParkedThreadIsAsleepUnchangedAndGoneOnceItEnds() throws {
    let thread = TestThread(spins: false)
    let id = try #require(thread.waitForID())
    // The thread may still be on its way into its wait (or blocked on the
    // lock a moment): sample until two samples in a row show it asleep and unchanged.
    let deadline = ContinuousClock.now + .seconds(10)
    var previous: ThreadActivity?
    var parked = false
    while !parked, ContinuousClock.now < deadline {
      let entry = try #require(ProcessActivity.sample()?.threads.first { $0.id == id })
      parked = !entry.runnable && entry == previous
      previous = entry.runnable ? nil : entry
    }
    #expect(parked, "the parked thread never showed asleep and unchanged; last: \(String(describing: previous))")

    thread.endAndWait()
    #expect(ProcessActivity.sample()?.threads.contains { $0.id == id } == false)
  }

  /// A spinning thread's run time moves, so "nothing ran since" is false.
  @Test func aSpinningThreadIsSeenToRun() throws {
    let thread = TestThread(spins: true)
    defer { thread.endAndWait() }
    let id = try #require(thread.waitForID())
    let first = try #require(ProcessActivity.sample())
    let deadline = ContinuousClock.now + .seconds(10)
    var moved = false
    while !moved, ContinuousClock.now < deadline {
      let later = try #require(ProcessActivity.sample())
      moved = later.threads.first { $0.id == id } != first.threads.first { $0.id == id }
      if moved { #expect(!later.nothingRanSince(first)) }
    }
    #expect(moved, "a spinning thread's run time never moved")
  }
}

/// A thread of its own that reports its id, then either parks on a
/// condition or spins, until told to end.
private final class TestThread {
  private let condition = NSCondition()
  private var reported = false
  private var id: UInt64?
  private var ending = false
  private var ended = false

  /// Starts the thread.
  /// - Parameter spins: whether it spins (`true`) or parks (`false`) until told to end.
  init(spins: Bool) {
    Thread.detachNewThread { [self] in
      condition.withLock {
        id = ProcessActivity.currentThreadID()
        reported = true
        condition.broadcast()
      }
      if spins {
        while !condition.withLock({ ending }) {}
      } else {
        condition.withLock {
          while !ending { condition.wait() }
        }
      }
      condition.withLock {
        ended = true
        condition.broadcast()
      }
    }
  }

  /// The thread's id, once it has started.
  func waitForID() -> UInt64? {
    condition.withLock {
      while !reported { condition.wait() }
      return id
    }
  }

  /// Tells the thread to end, waits until its body has returned, then until
  /// samples no longer list it (bounded: the kernel removes it a moment later).
  func endAndWait() {
    let id = condition.withLock {
      ending = true
      condition.broadcast()
      while !ended { condition.wait() }
      return self.id
    }
    let deadline = ContinuousClock.now + .seconds(10)
    while let id, ContinuousClock.now < deadline,
      ProcessActivity.sample()?.threads.contains(where: { $0.id == id }) == true
    {
      sched_yield()
    }
  }
}

// Safety: `reported`, `id`, `ending` and `ended` are read and written only with `condition` locked.
extension TestThread: @unchecked Sendable {}
