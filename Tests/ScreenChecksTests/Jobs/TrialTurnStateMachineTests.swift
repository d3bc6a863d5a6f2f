import Testing

@testable import ScreenChecks

@Suite struct TrialTurnStateMachineTests {
  @Test func aFreeTurnIsTakenAtOnce() {
    var turns = TrialTurnStateMachine<Int>()
    let granted = turns.requestTurn()
    let busy = turns.isBusy
    let next = turns.finishTurn()
    let grantedAgain = turns.requestTurn()
    #expect(granted && busy && next == nil && grantedAgain)
  }

  @Test func waitersGetTheTurnFirstComeFirstServed() {
    var turns = TrialTurnStateMachine<Int>()
    _ = turns.requestTurn()
    var refused: [Bool] = []
    for waiter in 1...3 {
      refused.append(!turns.requestTurn())
      turns.wait(waiter)
    }
    let waiting = turns.waitingCount
    var order = [turns.finishTurn()]
    refused.append(!turns.requestTurn())
    turns.wait(4)
    for _ in 1...4 { order.append(turns.finishTurn()) }
    #expect(refused == [true, true, true, true])
    #expect(waiting == 3)
    #expect(order == [1, 2, 3, 4, nil])
    #expect(!turns.isBusy)
  }
}
