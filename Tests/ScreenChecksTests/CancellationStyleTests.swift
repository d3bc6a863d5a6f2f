import Foundation
import ScreenChecks
import Testing

@Suite struct CancellationStyleTests {
  @Test func eachStyleThrowsTheErrorItsNetworkThrows() {
    #expect(CancellationStyle.cancellationError.error is CancellationError)
    #expect((CancellationStyle.urlSession.error as? URLError)?.code == .cancelled)
    #expect(CancellationStyle.allCases.map(\.description) == ["cancellation-error", "url-session"])
  }
}
