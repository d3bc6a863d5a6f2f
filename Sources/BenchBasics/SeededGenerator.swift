import Foundation

/// A small, fast, reproducible random number generator (SplitMix64).
///
/// Every random choice IsolationBench makes — latency draws, the interleaving
/// order of variants, bootstrap resamples, tap timings — comes from a
/// `SeededGenerator`, so that a run can be repeated exactly from its seed.
///
/// - Note: a value type; copy it to fork a stream, or use ``split()`` to derive
///   an independent one.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose whole sequence is fixed by `seed`.
  /// - Parameter seed: any value; equal seeds give equal sequences.
  public init(seed: UInt64) {
    state = seed
  }

  /// Returns the next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Derives an independent generator, advancing this one.
  /// - Returns: a generator seeded from this one's next output.
  public mutating func split() -> SeededGenerator {
    SeededGenerator(seed: next() ^ 0xD1B5_4A32_D192_ED03)
  }

  /// A uniformly distributed `Double` in `0..<1`, with 53 random bits.
  public mutating func nextUnitDouble() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A standard normal draw (Box–Muller), for log-normal latency models.
  public mutating func nextStandardNormal() -> Double {
    var u1 = nextUnitDouble()
    while u1 <= .leastNonzeroMagnitude { u1 = nextUnitDouble() }
    let u2 = nextUnitDouble()
    return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
  }
}
