import IsolationChecks
import ProfileScene
import Testing

@Suite struct RefetchClassifierTests {
  @Test func placeholder() {}
}
