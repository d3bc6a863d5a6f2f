import Foundation

/// A value set once from any thread and read later.
final class ResultBox<Value: Sendable> {
  private let lock = NSLock()
  private var stored: Value?

  /// An empty box.
  init() {}

  /// Stores `value`.
  func set(_ value: Value) { lock.withLock { stored = value } }

  /// The stored value, if any.
  var value: Value? { lock.withLock { stored } }
}

// Safety: `stored` is read and written only while `lock` is held.
extension ResultBox: @unchecked Sendable {}
