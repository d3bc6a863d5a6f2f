import BenchKit
import HopProbes
import ProfileScene

/// The parameter columns every `presenter-hop` variant carries, in order;
/// empty where a variant has no such parameter.
struct HopParameters {
  var section: String
  var mechanism: String
  var posts: Int?
  var batchSize: Int?
  var interactors: Int?
  var frame: FrameLoadSpec?

  var list: [BenchmarkParameter] {
    [
      .init("section", section),
      .init("mechanism", mechanism),
      .init("posts", posts.map(String.init) ?? ""),
      .init("batch_size", batchSize.map(String.init) ?? ""),
      .init("interactors", interactors.map(String.init) ?? ""),
      .init("frame_hz", frame.map { String($0.hertz) } ?? ""),
      .init("frame_work_ms", frame.map { CellFormat.number($0.work.nanoseconds / 1e6) } ?? ""),
    ]
  }
}
