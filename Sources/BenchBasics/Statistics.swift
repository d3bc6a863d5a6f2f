/// The order statistics and moments used for every sample set.
///
/// Percentiles use linear interpolation between closest ranks, Hyndman and
/// Fan's definition 7 (the default of R, NumPy and Excel's `PERCENTILE.INC`):
/// for sorted values `x[0] ... x[n-1]` and a fraction `p` in `0...1`, let
/// `h = (n - 1) * p`; the percentile is `x[⌊h⌋] + (h - ⌊h⌋) * (x[⌊h⌋ + 1] - x[⌊h⌋])`.
/// So the median of an even count is the mean of the two middle values, the
/// 0th percentile is the minimum and the 100th the maximum.
public enum Statistics {
  /// The percentile `fraction` (in `0...1`) of already sorted values, definition 7.
  /// - Parameters:
  ///   - fraction: `0.5` for the median, `0.99` for p99.
  ///   - sorted: values in ascending order; must not be empty.
  /// - Returns: the interpolated percentile.
  public static func percentile(_ fraction: Double, ofSorted sorted: [Double]) -> Double {
    precondition(!sorted.isEmpty, "a percentile of no values is undefined")
    precondition((0...1).contains(fraction), "a percentile fraction must be in 0...1, got \(fraction)")
    let position = Double(sorted.count - 1) * fraction
    let lower = Int(position.rounded(.down))
    let weight = position - Double(lower)
    guard lower + 1 < sorted.count, weight > 0 else { return sorted[lower] }
    return sorted[lower] + weight * (sorted[lower + 1] - sorted[lower])
  }

  /// The arithmetic mean, or `nan` for no values.
  /// - Parameter values: the samples.
  /// - Returns: their mean.
  public static func mean(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    return values.reduce(0, +) / Double(values.count)
  }

  /// The sample standard deviation (divisor `n - 1`), or `nan` for fewer than two values.
  /// - Parameter values: the samples.
  /// - Returns: their standard deviation.
  public static func standardDeviation(_ values: [Double]) -> Double {
    guard values.count > 1 else { return .nan }
    let average = mean(values)
    let squares = values.reduce(0) { $0 + ($1 - average) * ($1 - average) }
    return (squares / Double(values.count - 1)).squareRoot()
  }

  /// The median (definition 7) of values in any order, reordering them in place.
  ///
  /// Runs in linear expected time by selection, which keeps bootstrap
  /// resampling cheap.
  /// - Parameter values: the samples; must not be empty; left partially ordered.
  /// - Returns: the median.
  public static func median(reordering values: inout [Double]) -> Double {
    precondition(!values.isEmpty, "a median of no values is undefined")
    let middle = (values.count - 1) / 2
    let lower = select(middle, in: &values)
    guard values.count % 2 == 0 else { return lower }
    var upper = values[middle + 1]
    for value in values[(middle + 1)...] where value < upper {
      upper = value
    }
    return lower + 0.5 * (upper - lower)
  }

  /// Puts the `rank`-th smallest value at index `rank`, smaller ones before it
  /// and larger ones after it (Hoare's selection), and returns it.
  static func select(_ rank: Int, in values: inout [Double]) -> Double {
    var low = 0
    var high = values.count - 1
    while low < high {
      let pivot = values[low + (high - low) / 2]
      var i = low
      var j = high
      while i <= j {
        while values[i] < pivot { i += 1 }
        while values[j] > pivot { j -= 1 }
        if i <= j {
          values.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if rank <= j {
        high = j
      } else if rank >= i {
        low = i
      } else {
        break
      }
    }
    return values[rank]
  }
}
