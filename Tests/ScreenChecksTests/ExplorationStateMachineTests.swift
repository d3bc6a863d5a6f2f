import Testing

@testable import ScreenChecks

@Suite struct ExplorationStateMachineTests {
  /// Walks a fixed tree: 2 alternatives at the root; below the first, 3; below
  /// the second, 1 then 2. Its leaves, in depth-first order.
  private static func walk(_ machine: inout ExplorationStateMachine) -> [Int] {
    let first = machine.choose(among: 2)
    if first == 0 { return [0, machine.choose(among: 3)] }
    let second = machine.choose(among: 1)
    return [1, second, machine.choose(among: 2)]
  }

  @Test func takesEveryPathOnceInDepthFirstOrder() {
    var machine = ExplorationStateMachine()
    var paths: [[Int]] = []
    repeat {
      machine.startRun()
      paths.append(Self.walk(&machine))
    } while machine.finishRun() == .runAgain
    #expect(paths == [[0, 0], [0, 1], [0, 2], [1, 0, 0], [1, 0, 1]])
    #expect(machine.completedRuns == 5)
    #expect(machine.divergences == 0)
    #expect(machine.isFinished)
  }

  @Test func countsARunThatOffersDifferentAlternativesAsADivergence() {
    var machine = ExplorationStateMachine()
    machine.startRun()
    _ = machine.choose(among: 2)
    _ = machine.choose(among: 2)
    #expect(machine.finishRun() == .runAgain)
    machine.startRun()
    _ = machine.choose(among: 3)
    #expect(machine.finishRun() == .runAgain)
    #expect(machine.divergences >= 1)
  }
}

@Suite struct FirstStepRotationTests {
  /// A tree whose root offers 3 first steps; below the first, 2 then 2;
  /// below the second, 1; below the third, 4.
  private static func walk(_ rotation: inout FirstStepRotation) -> [Int] {
    switch rotation.choose(among: 3) {
    case 0: [0, rotation.choose(among: 2), rotation.choose(among: 2)]
    case 1: [1, rotation.choose(among: 1)]
    default: [2, rotation.choose(among: 4)]
    }
  }

  @Test func takesEveryPathOnceWithTheFirstStepsInTurn() {
    var rotation = FirstStepRotation()
    var paths: [[Int]] = []
    repeat {
      rotation.startRun()
      let path = Self.walk(&rotation)
      #expect(rotation.path == path)
      paths.append(path)
    } while rotation.finishRun() == .runAgain
    // Every first step within the first three runs; then round robin,
    // skipping a first step whose paths all ran.
    #expect(paths.prefix(3).map(\.first) == [0, 1, 2])
    #expect(paths == [[0, 0, 0], [1, 0], [2, 0], [0, 0, 1], [2, 1], [0, 1, 0], [2, 2], [0, 1, 1], [2, 3]])
    // The same paths as depth first, which ordering the paths recovers.
    #expect(
      paths.sorted { $0.lexicographicallyPrecedes($1) }
        == [[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1], [1, 0], [2, 0], [2, 1], [2, 2], [2, 3]])
    #expect(rotation.completedRuns == 9)
    #expect(rotation.divergences == 0)
    #expect(rotation.isFinished)
    #expect(rotation.estimatedPathsLeft == 0)
  }

  @Test func estimatesThePathsLeftOfAUniformTreeExactly() {
    // 4 first steps, each over 5 × 6 paths: 120 in all.
    var rotation = FirstStepRotation()
    for _ in 0..<10 {
      rotation.startRun()
      _ = rotation.choose(among: 4)
      _ = rotation.choose(among: 5)
      _ = rotation.choose(among: 6)
      #expect(rotation.finishRun() == .runAgain)
    }
    #expect(rotation.firstStepsTried == (tried: 4, offered: 4))
    #expect(rotation.estimatedPathsLeft == 110)
  }

  /// A path far deeper than `Double` can count below (an action of
  /// thousands of calls, each answerable first), with a point of one
  /// alternative above it, is estimated as more than can be counted:
  /// never NaN, which trapped when it became an `Int`.
  @Test func aTreeTooLargeToCountIsEstimatedAsTheLargestCount() {
    var rotation = FirstStepRotation()
    for _ in 0..<2 {
      rotation.startRun()
      _ = rotation.choose(among: 2)
      _ = rotation.choose(among: 1)
      for offered in stride(from: 400, to: 0, by: -1) { _ = rotation.choose(among: offered) }
      #expect(rotation.finishRun() == .runAgain)
    }
    #expect(rotation.estimatedPathsLeft == Int.max)
  }

  @Test func findsTheFirstStepBelowChoicesWithOneAlternative() {
    var rotation = FirstStepRotation()
    var firsts: [Int] = []
    repeat {
      rotation.startRun()
      _ = rotation.choose(among: 1)
      firsts.append(rotation.choose(among: 2))
      _ = rotation.choose(among: 2)
    } while rotation.finishRun() == .runAgain
    #expect(rotation.branchDepth == 1)
    #expect(firsts == [0, 1, 0, 1])
  }

  @Test func aTreeThatNeverBranchesIsOneRun() {
    var rotation = FirstStepRotation()
    rotation.startRun()
    _ = rotation.choose(among: 1)
    #expect(rotation.finishRun() == .finished)
    #expect(rotation.firstStepsTried == (tried: 1, offered: 1))
  }
}
