import BenchKit
import Foundation

/// A console that keeps what was written, for assertions.
final class RecordingConsole: Console {
  let errorIsTerminal: Bool
  private let lock = NSLock()
  private var outputText = ""
  private var errorText = ""

  init(errorIsTerminal: Bool = false) {
    self.errorIsTerminal = errorIsTerminal
  }

  var output: String {
    lock.withLock { outputText }
  }

  var error: String {
    lock.withLock { errorText }
  }

  func writeOutput(_ text: String) {
    lock.withLock { outputText += text }
  }

  func writeError(_ text: String) {
    lock.withLock { errorText += text }
  }
}

// Safety: both strings are read and written only while `lock` is held.
extension RecordingConsole: @unchecked Sendable {}
