import Foundation
import ScreenChecks

/// What a test scene did, in order, from any thread; each entry also notes
/// whether the code that wrote it was outside the driver's hands.
final class EventLog {
  private let lock = NSLock()
  private var storage: [String] = []
  private var escapeNotes = 0

  /// An empty log.
  init() {}

  /// Appends `event`, telling the driver that trial code ran here.
  func record(_ event: String) {
    let escaped = TrialJobDriver.noteTrialCode()
    lock.withLock {
      storage.append(event)
      if escaped { escapeNotes += 1 }
    }
  }

  /// Every event so far.
  var events: [String] { lock.withLock { storage } }

  /// How many of the recording calls the driver counted as escapes.
  var escapesNoted: Int { lock.withLock { escapeNotes } }
}

// Safety: `storage` and `escapeNotes` are read and written only while `lock`
// is held.
extension EventLog: @unchecked Sendable {}
