import BenchKit
import Testing

@Suite struct SystemLoadTests {
  /// `getloadavg` answers on every supported platform (glibc and Darwin).
  @Test func readsTheLoadAveragesOfThisMachine() throws {
    let load = try #require(SystemLoad.current())
    #expect(load.oneMinute >= 0 && load.oneMinute.isFinite)
    #expect(load.fiveMinutes >= 0 && load.fiveMinutes.isFinite)
  }

  @Test func aLoadAboveHalfTheCPUsIsBusy() {
    #expect(SystemLoad(oneMinute: 1.2, fiveMinutes: 0).isBusy(cpus: 2))
    #expect(!SystemLoad(oneMinute: 0.9, fiveMinutes: 5).isBusy(cpus: 2))
  }
}
