import Foundation

/// Reports progress on standard error.
///
/// On a terminal it redraws one line with a bar, the step count and an ETA;
/// otherwise it prints plain lines: the start of each suite and phase, and
/// one line each time another tenth of the phase is done.
public final class ConsoleProgress: ProgressSink {
  private let lock = NSLock()
  private let console: any Console
  private let clock = ContinuousClock()
  private var suite = ""
  private var phase = ""
  private var phaseStart = ContinuousClock.now
  private var lastTenth = 0
  private var lastDraw = ContinuousClock.now
  private var lineOpen = false

  /// Creates a reporter writing to `console`'s standard error.
  /// - Parameter console: where to write.
  public init(console: any Console) {
    self.console = console
  }

  /// Writes the event.
  /// - Parameter event: what happened.
  public func report(_ event: ProgressEvent) {
    lock.lock()
    defer { lock.unlock() }
    let now = clock.now
    switch event {
    case .suiteStarted(let name, let estimate):
      suite = name
      write("[\(name)] started (estimated \(estimate.humanDescription))\n")
    case .phaseStarted(let name, let total):
      phase = name
      phaseStart = now
      lastTenth = 0
      lastDraw = now
      if console.errorIsTerminal {
        draw(completed: 0, total: total, now: now)
      } else {
        write("[\(suite)] \(name): 0/\(total)\n")
      }
    case .stepsCompleted(let completed, let total):
      if console.errorIsTerminal {
        if completed == total || lastDraw.duration(to: now) >= .milliseconds(100) {
          lastDraw = now
          draw(completed: completed, total: total, now: now)
        }
      } else if total > 0 {
        let tenth = completed * 10 / total
        if tenth > lastTenth {
          lastTenth = tenth
          write("[\(suite)] \(phase): \(completed)/\(total) (\(tenth * 10)%)\(eta(completed, total, now))\n")
        }
      }
    case .note(let text):
      write("[\(suite)] \(text)\n")
    case .suiteFinished(let name, let elapsed):
      write("[\(name)] finished in \(elapsed.humanDescription)\n")
    }
  }

  private func draw(completed: Int, total: Int, now: ContinuousClock.Instant) {
    let width = 24
    let filled = total > 0 ? completed * width / total : 0
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let percent = total > 0 ? completed * 100 / total : 0
    console.writeError(
      "\r\u{1B}[2K[\(suite)] \(phase) [\(bar)] \(percent)% \(completed)/\(total)\(eta(completed, total, now))"
    )
    lineOpen = true
  }

  private func eta(_ completed: Int, _ total: Int, _ now: ContinuousClock.Instant) -> String {
    guard completed > 0, completed < total else { return "" }
    let elapsed = phaseStart.duration(to: now)
    let remaining = elapsed * Double(total - completed) / Double(completed)
    return ", ETA \(remaining.humanDescription)"
  }

  private func write(_ text: String) {
    if lineOpen {
      console.writeError("\n")
      lineOpen = false
    }
    console.writeError(text)
  }
}

// Safety: every mutable property is read and written only while `lock` is held,
// and `console` is itself Sendable.
extension ConsoleProgress: @unchecked Sendable {}
