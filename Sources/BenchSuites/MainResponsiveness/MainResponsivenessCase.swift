import BenchKit
import MockNetwork
import ProfileScene

/// What one variant of the suite measures: a placement, a frame rate and a payload.
struct MainResponsivenessCase: Sendable, Hashable {
  /// The per-iteration metrics, in the order bodies return them.
  static let metrics = ["load_ns", "dropped_frames", "drops", "max_gap_ns", "frames"]

  var placement: WorkPlacement
  var hertz: Int
  var posts: Int

  /// The frame budget: 16.67 ms at 60 Hz, 8.33 ms at 120 Hz.
  var period: Duration { FrameTicker.period(hertz: hertz) }

  var title: String { "main responsiveness, \(hertz) Hz, \(posts) posts, \(placement.title)" }

  var parameters: [BenchmarkParameter] {
    [
      .init("placement", placement.rawValue),
      .init("decodes_on", placement.decodesOn),
      .init("hertz", String(hertz)),
      .init("frame_budget_ms", CellFormat.number(period.nanoseconds / 1e6)),
      .init("posts", String(posts)),
      .init("body_chars", String(DecodeHeavyPayload.bodyLength)),
    ]
  }

  /// A rough duration of one iteration: two frames of lead-in, the network,
  /// decoding at about 12 µs a post, and the trailing frame.
  var expectedDuration: Duration {
    period * 3 + .milliseconds(10) + .microseconds(12) * posts
  }
}
