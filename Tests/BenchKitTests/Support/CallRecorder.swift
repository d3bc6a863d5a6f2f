import Foundation

/// Records which variant bodies ran, in order.
final class CallRecorder {
  private let lock = NSLock()
  private var names: [String] = []

  var calls: [String] {
    lock.withLock { names }
  }

  /// Records a call and returns how many calls there were, this one included.
  @discardableResult
  func record(_ name: String) -> Int {
    lock.withLock {
      names.append(name)
      return names.count
    }
  }
}

// Safety: `names` is read and written only while `lock` is held.
extension CallRecorder: @unchecked Sendable {}
