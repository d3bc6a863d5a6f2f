import BenchKit
import Testing

@Suite struct DurationParserTests {
  @Test(arguments: [
    ("0", Duration.zero),
    ("0ms", .zero),
    ("0.0", .zero),
    ("250ns", .nanoseconds(250)),
    ("500us", .microseconds(500)),
    ("500µs", .microseconds(500)),
    ("10ms", .milliseconds(10)),
    ("1.5ms", .microseconds(1_500)),
    ("0.25s", .milliseconds(250)),
    ("2s", .seconds(2)),
    ("1.000000001s", .nanoseconds(1_000_000_001)),
    ("007ms", .milliseconds(7)),
  ])
  func readsDurationsWithUnits(text: String, expected: Duration) throws {
    #expect(try DurationParser.parse(text) == expected)
  }

  @Test(arguments: [
    ("", DurationParseError.empty),
    ("-5ms", .negative),
    ("-0", .negative),
    ("10", .missingUnit),
    ("1.5", .missingUnit),
    ("10m", .unknownUnit("m")),
    ("3h", .unknownUnit("h")),
    ("abc", .malformed),
    ("ms", .malformed),
    ("+5ms", .malformed),
    ("1.ms", .malformed),
    (".5ms", .malformed),
    ("1.2.3ms", .malformed),
    ("10 ms", .malformed),
    ("1e3ms", .malformed),
    ("1.5ns", .finerThanNanosecond),
    ("0.0000000001s", .finerThanNanosecond),
    ("9223372037s", .tooLarge),
    ("99999999999999999999ns", .tooLarge),
  ])
  func refusesBadDurationsPrecisely(text: String, expected: DurationParseError) {
    #expect(throws: expected) { try DurationParser.parse(text) }
  }

  @Test func reasonsAreOneClause() {
    #expect(DurationParseError.negative.reason == "durations cannot be negative")
    #expect(DurationParseError.missingUnit.reason == "a non-zero duration needs a unit (ns, us, µs, ms or s)")
    #expect(DurationParseError.unknownUnit("m").reason == "unknown unit 'm'; use ns, us, µs, ms or s")
    #expect(DurationParseError.malformed.reason == "expected a number and a unit, like 500us, 10ms or 2s")
    #expect(DurationParseError.finerThanNanosecond.reason == "durations are counted in whole nanoseconds")
    #expect(DurationParseError.tooLarge.reason == "the duration is too large")
  }

  @Test func readsLists() throws {
    #expect(try DurationParser.parseList("1ms,10ms,0") == [.milliseconds(1), .milliseconds(10), .zero])
    #expect(throws: DurationParseError.malformed) { try DurationParser.parseList("1ms,,2ms") }
    #expect(throws: DurationParseError.negative) { try DurationParser.parseList("1ms,-2ms") }
  }

  @Test(arguments: [
    (Duration.zero, "0"), (.nanoseconds(250), "250ns"), (.microseconds(1_500), "1.5ms"),
    (.milliseconds(10), "10ms"), (.seconds(2), "2s"), (.milliseconds(2_250), "2.25s"),
  ])
  func parseableDescriptionsReadBack(duration: Duration, text: String) throws {
    #expect(duration.parseableDescription == text)
    #expect(try DurationParser.parse(text) == duration)
  }

  @Test(arguments: [
    (Duration.nanoseconds(950), "950 ns"), (.nanoseconds(4_240), "4.2 µs"), (.milliseconds(850), "850 ms"),
    (.milliseconds(12_345), "12 s"), (.seconds(125), "2 min 05 s"),
  ])
  func humanDescriptionsRound(duration: Duration, text: String) {
    #expect(duration.humanDescription == text)
  }
}
