import BenchKit
import Testing

@Suite struct SeededGeneratorTests {
  @Test func equalSeedsGiveEqualSequences() {
    var a = SeededGenerator(seed: 42)
    var b = SeededGenerator(seed: 42)
    var c = SeededGenerator(seed: 43)
    let first = (0..<8).map { _ in a.next() }
    #expect(first == (0..<8).map { _ in b.next() })
    #expect(first != (0..<8).map { _ in c.next() })
  }

  @Test func unitDoublesStayInRange() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<10_000 {
      let value = generator.nextUnitDouble()
      #expect(value >= 0 && value < 1)
    }
  }
}
