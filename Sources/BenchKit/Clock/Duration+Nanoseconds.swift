extension Duration {
  /// The duration in nanoseconds, as a `Double`: the unit of every time sample.
  public var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}
