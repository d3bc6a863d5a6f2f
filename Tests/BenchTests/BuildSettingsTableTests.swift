import BuildSettingsSupport
import Testing

@testable import BenchSuites

@Suite struct BuildSettingsTableTests {
  private func decoding(_ start: Int64, _ end: Int64, on placement: Placement = .globalExecutor) -> StageRecord {
    StageRecord(stage: .decoding, placement: placement, startNanoseconds: start, endNanoseconds: end)
  }

  /// Two decodings one after the other do not overlap; one inside the other fully does; half is half.
  @Test func decodeOverlap() {
    let records = [
      decoding(0, 10), decoding(10, 30),
      decoding(0, 30), decoding(5, 15),
      decoding(0, 20), decoding(10, 40),
    ]
    #expect(BuildSettingsTable.overlaps(ofPairs: records) == [0, 1, 0.5])
  }

  /// The placement is the most frequent one; disagreeing probes are all named with their counts.
  @Test func placementNamesEveryPlacementSeen() {
    let agreed = BuildSettingsTable.placement(of: [decoding(0, 1, on: .mainActor), decoding(1, 2, on: .mainActor)])
    #expect(agreed.text == "main actor")
    #expect(agreed.share == 1)
    let mixed = BuildSettingsTable.placement(of: [
      decoding(0, 1, on: .mainActor), decoding(1, 2, on: .globalExecutor), decoding(2, 3, on: .mainActor),
    ])
    #expect(mixed.text == "main actor 2/3, global executor 1/3")
    #expect(abs(mixed.share - 2.0 / 3) < 1e-12)
    #expect(BuildSettingsTable.placement(of: []).text == "not reached")
  }

  /// Frames missed follow FrameGaps' rule: a gap of 2.6 periods at 60 Hz drops 2.
  @Test func framesMissed() {
    #expect(BuildSettingsTable.missed([16_666_667, 43_333_333], hertz: 60) == 2)
    #expect(BuildSettingsTable.missed([20_000_000], hertz: 60) == 0)
  }
}
