import BenchKit
import HopProbes
import Testing

@Suite struct ReportTableTests {
  static let floorName = "floor, with a comma"

  /// A run with a floor, a hop variant and a batch variant, as the suite makes them.
  static func run(oneWay: [Double] = [4, 5, 6], roundTrip: [Double] = [20, 21, 22]) -> RunResult {
    func variant(_ name: String, _ parameters: [BenchmarkParameter], _ metrics: [String: [Double]], _ order: [String])
      -> VariantResult
    {
      VariantResult(
        name: name, parameters: parameters,
        metrics: order.map { SampleSet(metric: $0, values: metrics[$0]!) },
        completedIterations: 3, requestedIterations: 3)
    }
    return RunResult(
      variants: [
        variant(
          floorName, [.init("section", "floor")], ["one_way_ns": [8, 8, 8], "round_trip_ns": [10, 10, 10]],
          ["one_way_ns", "round_trip_ns"]),
        variant(
          "guide", [.init("section", "mechanism"), .init("posts", "10")],
          ["one_way_ns": oneWay, "round_trip_ns": roundTrip, "format_ns": [10, 10, 10], "hop_ns": [10, 11, 12]],
          HopSample.metricNames),
        variant(
          "batch", [.init("batch_size", "32")], ["elapsed_ns": [320, 320, 320], "per_present_ns": [10, 10, 10]],
          ["elapsed_ns", "per_present_ns"]),
      ],
      configuration: RunnerConfiguration(iterations: 3), warmUpRounds: 0, elapsed: .milliseconds(1), stopReason: nil)
  }

  @Test func everyRowHasOneCellPerColumnAndTheRatioColumnsLast() {
    let table = FloorRatioTable(run: Self.run(), floorVariant: Self.floorName, bootstrap: .init(resamples: 50)).summary

    #expect(
      table.columns == ["variant", "section", "posts", "batch_size"] + RunResult.summaryColumns
        + FloorRatioTable.ratioColumns)
    #expect(table.rows.count == 2 + 4 + 2)
    #expect(table.rows.allSatisfy { $0.count == table.columns.count })
  }

  @Test func timesAreComparedWithTheMatchingFloorMetricOnly() throws {
    let table = FloorRatioTable(run: Self.run(), floorVariant: Self.floorName, bootstrap: .init(resamples: 50)).summary
    func cells(_ variant: String, _ metric: String) throws -> [String: String] {
      let row = try #require(
        table.rows.first { $0[0] == variant && $0[table.columns.firstIndex(of: "metric")!] == metric })
      return Dictionary(uniqueKeysWithValues: zip(table.columns, row))
    }

    #expect(try cells(Self.floorName, "round_trip_ns")["ratio_to_floor"] == "1")
    #expect(try cells("guide", "one_way_ns")["floor_metric"] == "one_way_ns")
    #expect(try cells("guide", "one_way_ns")["ratio_to_floor"] == "0.625")
    #expect(try cells("guide", "round_trip_ns")["ratio_to_floor"] == "2.1")
    #expect(try cells("guide", "hop_ns")["floor_metric"] == "round_trip_ns")
    #expect(try cells("guide", "format_ns")["ratio_to_floor"] == "")
    #expect(try cells("batch", "per_present_ns")["ratio_to_floor"] == "")
    #expect(try cells("batch", "per_present_ns")["posts"] == "")
  }

  /// The CSV has a header and one line per row, each with as many fields as
  /// the header, though titles contain commas.
  @Test func theCSVHasTheTablesShape() {
    let table = FloorRatioTable(run: Self.run(), floorVariant: Self.floorName, bootstrap: .init(resamples: 50)).summary
    let lines = CSVWriter.render(table).split(separator: "\n")

    #expect(lines.count == table.rows.count + 1)
    #expect(lines.allSatisfy { CSVFields.count(in: String($0)) == table.columns.count })
  }

  @Test func consistentStampsPassTheCheck() {
    let check = StampConsistency(run: Self.run())

    #expect(check.isConsistent)
    #expect(check.checkedVariants == 2)
    #expect(check.checkedIterations == 6)
  }

  /// A one-way figure above its round trip, as a stale slot would give, is caught.
  @Test func aOneWayAboveItsRoundTripIsReported() {
    let check = StampConsistency(run: Self.run(oneWay: [4, 30, 6]))

    #expect(!check.isConsistent)
    #expect(check.violations == ["guide: one_way_ns > round_trip_ns in 1 of 3 iterations"])
    #expect(check.summaryLine.contains("VIOLATIONS"))
  }

  @Test func aMedianOneWayAboveTheMedianRoundTripIsReported() {
    let check = StampConsistency(run: Self.run(oneWay: [25, 25, 25], roundTrip: [30, 20, 20]))

    #expect(check.violations.contains("guide: median one_way_ns exceeds median round_trip_ns"))
  }
}
