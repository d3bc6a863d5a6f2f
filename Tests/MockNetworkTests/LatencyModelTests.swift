import BenchKit
import MockNetwork
import Testing

@Suite struct LatencyModelTests {
  static let models: [LatencyModel] = [
    .fixed(.milliseconds(5)),
    .uniform(min: .milliseconds(1), max: .milliseconds(9)),
    .logNormal(median: .milliseconds(10), spread: 0.25),
  ]

  @Test(arguments: models)
  func drawsAreReproducibleFromASeed(model: LatencyModel) {
    var first = SeededGenerator(seed: 99)
    var second = SeededGenerator(seed: 99)
    let a = (0..<100).map { _ in model.draw(using: &first) }
    let b = (0..<100).map { _ in model.draw(using: &second) }
    #expect(a == b)
  }

  @Test func uniformDrawsStayInTheirRange() {
    var generator = SeededGenerator(seed: 5)
    let model = LatencyModel.uniform(min: .milliseconds(2), max: .milliseconds(4))
    for _ in 0..<1_000 {
      let draw = model.draw(using: &generator)
      #expect(draw >= .milliseconds(2) && draw <= .milliseconds(4))
    }
  }

  @Test func logNormalDrawsCentreOnTheMedian() {
    var generator = SeededGenerator(seed: 11)
    let model = LatencyModel.logNormal(median: .milliseconds(10), spread: 0.5)
    let draws = (0..<10_001).map { _ in model.draw(using: &generator) }.sorted()
    let median = draws[draws.count / 2]
    #expect(median > .microseconds(9_500) && median < .microseconds(10_500))
    #expect(draws.first! > .zero)
  }

  @Test func differentSeedsGiveDifferentDraws() {
    var first = SeededGenerator(seed: 1)
    var second = SeededGenerator(seed: 2)
    let model = LatencyModel.uniform(min: .zero, max: .seconds(1))
    #expect((0..<10).map { _ in model.draw(using: &first) } != (0..<10).map { _ in model.draw(using: &second) })
  }
}
