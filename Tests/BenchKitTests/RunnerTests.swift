import BenchKit
import Testing

@Suite struct RunnerTests {
  /// Variants that record their calls and return the call's ordinal as their sample.
  static func recordingVariants(_ names: [String], recorder: CallRecorder) -> [BenchmarkVariant] {
    names.map { name in
      BenchmarkVariant(name: name, parameters: [.init("name", name)], metrics: ["ordinal"]) {
        [Double(recorder.record(name))]
      }
    }
  }

  static func order(seed: UInt64) async throws -> [String] {
    let recorder = CallRecorder()
    let runner = InterleavedRunner(configuration: RunnerConfiguration(iterations: 6, seed: seed))
    _ = try await runner.run(recordingVariants(["a", "b", "c", "d"], recorder: recorder))
    return recorder.calls
  }

  @Test func interleavingIsReproducibleFromTheSeed() async throws {
    let first = try await Self.order(seed: 11)
    #expect(try await Self.order(seed: 11) == first)
    #expect(try await Self.order(seed: 12) != first)
    for round in stride(from: 0, to: first.count, by: 4) {
      #expect(first[round..<round + 4].sorted() == ["a", "b", "c", "d"])
    }
  }

  @Test func roundsFollowTheSchedule() async throws {
    var schedule = InterleavingSchedule(variantCount: 4, seed: 11)
    let names = ["a", "b", "c", "d"]
    let expected = (0..<6).flatMap { _ in schedule.nextRound().map { names[$0] } }
    #expect(try await Self.order(seed: 11) == expected)
  }

  @Test func scheduleShufflesEveryRoundDifferently() {
    var schedule = InterleavingSchedule(variantCount: 5, seed: 1)
    let rounds = (0..<20).map { _ in schedule.nextRound() }
    #expect(rounds.allSatisfy { $0.sorted() == [0, 1, 2, 3, 4] })
    #expect(Set(rounds).count > 1)
  }

  @Test func warmUpCountIsRespectedAndDiscarded() async throws {
    let recorder = CallRecorder()
    let configuration = RunnerConfiguration(iterations: 5, warmUpIterations: 3, seed: 2)
    let result = try await InterleavedRunner(configuration: configuration)
      .run(Self.recordingVariants(["a", "b"], recorder: recorder))
    #expect(result.warmUpRounds == 3)
    #expect(recorder.calls.filter { $0 == "a" }.count == 8)
    #expect(recorder.calls.filter { $0 == "b" }.count == 8)
    for variant in result.variants {
      #expect(variant.primary.values.count == 5)
      // The first six calls were warm-up, so every kept sample is a later call.
      #expect(variant.primary.values.allSatisfy { $0 > 6 })
    }
  }

  @Test func stopsAtTheIterationCount() async throws {
    let recorder = CallRecorder()
    let result = try await InterleavedRunner(configuration: RunnerConfiguration(iterations: 7))
      .run(Self.recordingVariants(["a", "b", "c"], recorder: recorder))
    #expect(recorder.calls.count == 21)
    #expect(result.variants.map(\.completedIterations) == [7, 7, 7])
    #expect(result.stopReason == nil)
    #expect(!result.isPartial)
    #expect(result.variants.allSatisfy { !$0.truncatedByTimeCap && !$0.interrupted })
  }

  @Test func warmUpByTimeRunsUntilTheTimeHasPassed() async throws {
    let clock = ManualClock()
    let variant = BenchmarkVariant(name: "tick", metrics: ["ns"]) {
      clock.advance(by: .seconds(1))
      return [1]
    }
    let configuration = RunnerConfiguration(iterations: 2, warmUpIterations: 1, warmUpTime: .seconds(3))
    let result = try await InterleavedRunner(configuration: configuration, clock: clock).run([variant])
    #expect(result.warmUpRounds == 3)
    #expect(result.variants[0].completedIterations == 2)
  }

  @Test func timeCapStopsBetweenIterationsAndFlagsTheRows() async throws {
    let clock = ManualClock()
    let recorder = CallRecorder()
    let variants = ["a", "b"].map { name in
      BenchmarkVariant(name: name, metrics: ["ns"]) {
        clock.advance(by: .seconds(1))
        return [Double(recorder.record(name))]
      }
    }
    let configuration = RunnerConfiguration(iterations: 10, maxTime: .milliseconds(3_500))
    let result = try await InterleavedRunner(configuration: configuration, clock: clock).run(variants)
    // Iterations start at 0 s, 1 s, 2 s and 3 s; at 4 s the cap has passed.
    #expect(recorder.calls.count == 4)
    #expect(result.stopReason == .timeCap)
    #expect(result.variants.map(\.completedIterations) == [2, 2])
    #expect(result.variants.allSatisfy { $0.truncatedByTimeCap && !$0.interrupted && $0.isPartial })
    #expect(result.elapsed == .seconds(4))
  }

  @Test func interruptStopsBeforeTheNextIterationAndKeepsTheSamples() async throws {
    let interrupt = InterruptFlag()
    let recorder = CallRecorder()
    let variants = ["a", "b"].map { name in
      BenchmarkVariant(name: name, metrics: ["ordinal"]) {
        let ordinal = recorder.record(name)
        if ordinal == 3 { interrupt.raise() }
        return [Double(ordinal)]
      }
    }
    let result = try await InterleavedRunner(configuration: RunnerConfiguration(iterations: 50), interrupt: interrupt)
      .run(variants)
    #expect(recorder.calls.count == 3)
    #expect(result.stopReason == .interrupted)
    #expect(result.variants.map(\.completedIterations).reduce(0, +) == 3)
    #expect(result.variants.allSatisfy { $0.interrupted && !$0.truncatedByTimeCap })
    #expect(result.isPartial)
    let table = result.summaryTable()
    #expect(table.column("interrupted") == ["true", "true"])
  }

  @Test func cancellationCausedByAnInterruptIsNotAFailure() async throws {
    let interrupt = InterruptFlag()
    let variant = BenchmarkVariant(name: "cancelled", metrics: ["ns"]) {
      interrupt.raise()
      throw CancellationError()
    }
    let result = try await InterleavedRunner(configuration: RunnerConfiguration(iterations: 3), interrupt: interrupt)
      .run([variant])
    #expect(result.stopReason == .interrupted)
    #expect(result.variants[0].completedIterations == 0)
  }

  @Test func aFailingBodyIsReportedWithItsVariant() async {
    struct Broken: Error {}
    let variant = BenchmarkVariant(name: "broken", metrics: ["ns"]) { throw Broken() }
    await #expect {
      try await InterleavedRunner(configuration: RunnerConfiguration(iterations: 3)).run([variant])
    } throws: { error in
      (error as? RunnerError)?.description == "variant 'broken' failed: Broken()"
    }
  }

  @Test func aBodyMustReturnOneValuePerMetric() async {
    let variant = BenchmarkVariant(name: "short", metrics: ["a", "b"]) { [1] }
    await #expect {
      try await InterleavedRunner(configuration: RunnerConfiguration(iterations: 3)).run([variant])
    } throws: { error in
      (error as? RunnerError)?.description == "variant 'short' returned 1 values for 2 metrics"
    }
  }

  @Test func reportsPhasesAndRounds() async throws {
    let progress = RecordingProgress()
    let variant = BenchmarkVariant(name: "v", metrics: ["ns"]) { [1] }
    let configuration = RunnerConfiguration(iterations: 2, warmUpIterations: 1)
    _ = try await InterleavedRunner(configuration: configuration, progress: progress).run([variant])
    #expect(
      progress.events == [
        .phaseStarted(phase: "warm-up", totalSteps: 1), .stepsCompleted(1, of: 1),
        .phaseStarted(phase: "measuring", totalSteps: 2), .stepsCompleted(1, of: 2), .stepsCompleted(2, of: 2),
      ]
    )
  }

  @MainActor
  @Test func runsFromTheMainActorWithBodiesThatHopToIt() async throws {
    var onMain = 0
    let variant = BenchmarkVariant(name: "main", metrics: ["ns"]) { @MainActor in
      onMain += 1
      return [Double(onMain)]
    }
    let result = try await InterleavedRunner(configuration: RunnerConfiguration(iterations: 4)).run([variant])
    #expect(onMain == 4)
    #expect(result.variants[0].primary.values == [1, 2, 3, 4])
  }

  @Test func timedVariantsMeasureElapsedTime() async throws {
    let variant = BenchmarkVariant.timed(name: "sum") { blackHole((1...100).reduce(0, +)) }
    let result = try await InterleavedRunner(configuration: RunnerConfiguration(iterations: 3)).run([variant])
    #expect(result.variants[0].metrics.map(\.metric) == ["elapsed_ns"])
    #expect(result.variants[0].primary.values.allSatisfy { $0 >= 0 })
  }
}
