import BenchKit
import HopProbes

/// A simulated UI: a refresh rate and the main-actor work of each frame.
struct FrameLoadSpec: Sendable, Equatable {
  var hertz: Int
  var work: Duration

  var period: Duration { MainActorFrameLoad.period(hertz: hertz) }

  /// `main actor busy 8.0 ms of 16.7 ms (60 Hz)`.
  var title: String {
    "main actor busy \(CellFormat.fixed(work.nanoseconds / 1e6, digits: 1)) ms of \(CellFormat.fixed(period.nanoseconds / 1e6, digits: 1)) ms (\(hertz) Hz)"
  }
}
