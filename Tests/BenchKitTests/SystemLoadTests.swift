import BenchKit
import Testing

@Suite struct SystemLoadTests {
  @Test func readsTheFirstTwoLoadAverages() {
    #expect(
      SystemLoad(procLoadavg: "0.52 0.61 0.70 1/234 5678\n") == SystemLoad(oneMinute: 0.52, fiveMinutes: 0.61))
  }

  @Test(arguments: ["", "busy", "1.0"])
  func refusesTextOfAnotherShape(text: String) {
    #expect(SystemLoad(procLoadavg: text) == nil)
  }

  @Test func aLoadAboveHalfTheCPUsIsBusy() {
    #expect(SystemLoad(oneMinute: 1.2, fiveMinutes: 0).isBusy(cpus: 2))
    #expect(!SystemLoad(oneMinute: 0.9, fiveMinutes: 5).isBusy(cpus: 2))
  }
}
