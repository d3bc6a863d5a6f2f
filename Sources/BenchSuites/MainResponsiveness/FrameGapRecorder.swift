import BenchKit
import MockNetwork
import ProfileScene

/// Every frame gap of every load, by variant, in measurement order
/// (warm-up loads first).
@MainActor
final class FrameGapRecorder {
  private(set) var gapsByVariant: [String: [[Duration]]] = [:]

  nonisolated init() {}

  func record(_ gaps: [Duration], for variant: String) {
    gapsByVariant[variant, default: []].append(gaps)
  }
}
