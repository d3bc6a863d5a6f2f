import Dispatch

/// Tells whether the code running now runs on the main queue, where the main
/// actor's jobs run.
///
/// ``install()`` sets a specific value on the main queue; ``isOnMainQueue``
/// reads it back. Unlike `Thread.isMainThread`, this stays right on Linux
/// after a suspension.
public enum MainQueueMarker {
  private static let key = DispatchSpecificKey<UInt8>()
  private static let mark: UInt8 = 0x4D

  /// Marks the main queue; call it once, from the main queue, before probing.
  /// - Important: called on the main actor.
  @MainActor
  public static func install() {
    DispatchQueue.main.setSpecific(key: key, value: mark)
  }

  /// Whether the main queue runs the caller (`false` before ``install()``).
  public static var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: key) == mark
  }
}
