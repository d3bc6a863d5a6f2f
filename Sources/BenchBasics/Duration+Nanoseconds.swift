extension Duration {
  /// The duration in nanoseconds, as a `Double`: the unit of every time sample.
  ///
  /// The package's one conversion of a `Duration` to a number; ``microseconds``,
  /// ``milliseconds`` and ``seconds`` derive from it.
  public var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  /// The duration in microseconds, as a `Double`.
  public var microseconds: Double { nanoseconds / 1e3 }

  /// The duration in milliseconds, as a `Double`.
  public var milliseconds: Double { nanoseconds / 1e6 }

  /// The duration in seconds, as a `Double`.
  public var seconds: Double { nanoseconds / 1e9 }

  /// The duration in whole nanoseconds, truncated: the unit of a stamp that
  /// must fit an `Int64` or an `Atomic`.
  public var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
