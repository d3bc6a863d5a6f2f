extension ResultTable {
  /// The table with the environment columns appended to every row.
  ///
  /// Appends the ``BenchEnvironment/columns`` (`env_swift` … `env_commit`),
  /// then `comparable` (`true` for release builds without sanitizers) and
  /// `partial` (`true` when the run stopped before measuring everything), so
  /// that tables from several machines and runs can be concatenated.
  /// - Parameters:
  ///   - environment: the run's environment.
  ///   - partial: whether the run stopped early.
  /// - Returns: the widened table.
  public func appendingEnvironment(_ environment: BenchEnvironment, partial: Bool) -> ResultTable {
    let extra = environment.columns
    let names = extra.map(\.name) + ["comparable", "partial"]
    let values = extra.map(\.value) + [String(environment.isComparable), String(partial)]
    return ResultTable(columns: columns + names, rows: rows.map { $0 + values })
  }
}
