extension RunResult {
  /// Pools what each iteration recorded inside itself (the frame gaps of one
  /// load, the latencies of the loads of one batch) into one sample set per
  /// variant, and lists every inner sample on a row of its own.
  ///
  /// Warm-up iterations record too and come first, so only the last
  /// `completedIterations` of each variant are kept. Variants with nothing
  /// in `inner` are left as they are.
  /// - Parameters:
  ///   - inner: by variant name, one array per iteration, warm-up first.
  ///   - metric: the name of the pooled sample set, like `frame_gap_ns`.
  ///   - innerColumn: the name of the index column within an iteration, like `frame`.
  ///   - valueColumns: the names of the columns `cells` returns.
  ///   - cells: the value columns of one inner sample of a variant.
  /// - Returns: the run with the pooled sample sets, and the table of inner
  ///   samples: `variant`, the parameters, `iteration`, `innerColumn`, then `valueColumns`.
  public func pooling(
    _ inner: [String: [[Double]]], as metric: String, innerColumn: String, valueColumns: [String],
    cells: (VariantResult, Double) -> [String]
  ) -> (run: RunResult, rows: ResultTable) {
    var pooled = self
    var rows = ResultTable(columns: ["variant"] + parameterNames + ["iteration", innerColumn] + valueColumns)
    for index in pooled.variants.indices {
      let variant = pooled.variants[index]
      guard let recorded = inner[variant.name] else { continue }
      let measured = Array(recorded.suffix(variant.completedIterations))
      let prefix =
        [variant.name]
        + parameterNames.map { name in
          variant.parameters.first { $0.name == name }?.value ?? ""
        }
      for (iteration, samples) in measured.enumerated() {
        for (position, value) in samples.enumerated() {
          rows.append(prefix + [String(iteration), String(position)] + cells(variant, value))
        }
      }
      pooled.variants[index].metrics.append(SampleSet(metric: metric, values: Array(measured.joined())))
    }
    return (pooled, rows)
  }
}
