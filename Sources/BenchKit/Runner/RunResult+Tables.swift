extension RunResult {
  /// The columns of ``summaryTable(bootstrap:)`` after the parameter columns.
  public static let summaryColumns = [
    "metric", "count", "min", "p50", "p90", "p99", "p999", "max", "mean", "stddev",
    "p50_ci_low", "p50_ci_high", "outliers_low", "outliers_high", "requested", "truncated", "interrupted",
    "converged",
  ]

  /// The parameter names of all variants, in order of first appearance.
  public var parameterNames: [String] {
    var names: [String] = []
    for variant in variants {
      for parameter in variant.parameters where !names.contains(parameter.name) {
        names.append(parameter.name)
      }
    }
    return names
  }

  /// One tidy row per variant and metric with its ``Summary``.
  ///
  /// Columns: `variant`, then each parameter (empty where a variant lacks
  /// it), then ``summaryColumns``. Values are exact (``CellFormat/number(_:)``);
  /// times stay in nanoseconds. Each cell's bootstrap uses its own seed,
  /// split in row order from `bootstrap.seed`, so the table is reproducible.
  /// - Parameter bootstrap: resample count, level and base seed.
  /// - Returns: the table.
  public func summaryTable(bootstrap: BootstrapConfiguration = BootstrapConfiguration()) -> ResultTable {
    let parameters = parameterNames
    var table = ResultTable(columns: ["variant"] + parameters + Self.summaryColumns)
    var seeds = SeededGenerator(seed: bootstrap.seed)
    for variant in variants {
      for samples in variant.metrics {
        var configuration = bootstrap
        configuration.seed = seeds.next()
        let summary = samples.summary(bootstrap: configuration)
        let statistics = [
          summary.min, summary.p50, summary.p90, summary.p99, summary.p999, summary.max,
          summary.mean, summary.standardDeviation, summary.medianInterval.lower, summary.medianInterval.upper,
        ].map(CellFormat.number)
        table.append(
          [variant.name] + parameterCells(of: variant, names: parameters) + [samples.metric, String(summary.count)]
            + statistics
            + [
              String(summary.outliers.low), String(summary.outliers.high), String(variant.requestedIterations),
              String(variant.truncatedByTimeCap), String(variant.interrupted),
              variant.converged.map(String.init) ?? "",
            ]
        )
      }
    }
    return table
  }

  /// Every raw sample, one per row (long format).
  ///
  /// Columns: `variant`, each parameter, `iteration` (0-based, in the
  /// variant's measurement order; equal iterations of two variants share a
  /// round), `metric`, `value` (exact).
  /// - Returns: the table.
  public func samplesTable() -> ResultTable {
    let parameters = parameterNames
    var table = ResultTable(columns: ["variant"] + parameters + ["iteration", "metric", "value"])
    for variant in variants {
      let prefix = [variant.name] + parameterCells(of: variant, names: parameters)
      for samples in variant.metrics {
        for (iteration, value) in samples.values.enumerated() {
          table.append(prefix + [String(iteration), samples.metric, CellFormat.number(value)])
        }
      }
    }
    return table
  }

  private func parameterCells(of variant: VariantResult, names: [String]) -> [String] {
    names.map { name in variant.parameters.first { $0.name == name }?.value ?? "" }
  }
}
