/// The seeded order in which each round runs the variants.
///
/// Every round is an independent Fisher–Yates shuffle of the variant indices,
/// drawn from a ``SeededGenerator``, so slow drift of the machine (thermal
/// state, other load) falls on every variant alike, and a seed fixes the
/// whole order. The shuffle is written here rather than taken from the
/// standard library, whose algorithm may change between releases.
public struct InterleavingSchedule: Sendable {
  /// How many variants each round orders.
  public let variantCount: Int
  private var generator: SeededGenerator

  /// Creates a schedule.
  /// - Parameters:
  ///   - variantCount: how many variants; at least 1.
  ///   - seed: fixes every round's order.
  public init(variantCount: Int, seed: UInt64) {
    precondition(variantCount >= 1, "a schedule needs at least one variant")
    self.variantCount = variantCount
    generator = SeededGenerator(seed: seed)
  }

  /// The next round's order: a permutation of `0..<variantCount`.
  /// - Returns: variant indices in the order to run them.
  public mutating func nextRound() -> [Int] {
    var order = Array(0..<variantCount)
    var index = variantCount - 1
    while index > 0 {
      let other = Int(generator.next() % UInt64(index + 1))
      order.swapAt(index, other)
      index -= 1
    }
    return order
  }
}
