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
