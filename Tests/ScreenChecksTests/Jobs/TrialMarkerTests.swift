import Testing

@testable import ScreenChecks

@Suite struct TrialMarkerTests {
  @Test func noStandardPriorityIsAMarker() {
    let standard: [TaskPriority] = [
      .background, .utility, .low, .medium, .high, .userInitiated, TaskPriority(rawValue: 33),
    ]
    for priority in standard {
      #expect(!TrialMarker.isMarker(priority.rawValue), "\(priority)")
    }
    #expect((0...255).filter { TrialMarker.isMarker(UInt8($0)) } == TrialMarker.all.map { Int($0.rawValue) })
  }

  @Test func trialsTakeEveryMarkerInTurn() {
    var marker = TrialMarker.all[0]
    var seen: [TrialMarker] = []
    for _ in TrialMarker.all {
      seen.append(marker)
      marker = marker.next
    }
    #expect(seen == TrialMarker.all)
    #expect(marker == TrialMarker.all[0])
  }
}
