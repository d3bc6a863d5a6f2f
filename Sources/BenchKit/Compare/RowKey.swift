/// What pairs a baseline row with a current row: the variant, the parameter
/// values and the metric, less the columns the user chose to ignore.
///
/// Empty parameter cells are left out, so a parameter column that one side
/// lacks pairs with empty cells on the other (BenchKit writes an empty cell
/// where a variant lacks a parameter).
public struct RowKey: Hashable, Sendable, CustomStringConvertible {
  /// The pairing columns and their values, empty values left out.
  public var values: [String: String]

  /// Creates a key from its values.
  /// - Parameter values: the pairing columns and their non-empty values.
  public init(values: [String: String]) {
    self.values = values
  }

  /// Builds a key from a row.
  /// - Parameters:
  ///   - row: the cells.
  ///   - columns: the table's columns.
  ///   - keyColumns: the columns that pair rows, in order.
  ///   - ignored: columns left out of the pairing.
  public init(row: [String], columns: [String], keyColumns: [String], ignored: Set<String>) {
    var values: [String: String] = [:]
    for name in keyColumns where !ignored.contains(name) {
      guard let index = columns.firstIndex(of: name), !row[index].isEmpty else { continue }
      values[name] = row[index]
    }
    self.values = values
  }

  /// The variant and metric, then the other parameters, like
  /// `"parallel fetch, 2 routes, 5ms, async let" elapsed_ns`.
  public var description: String {
    var parts: [String] = []
    if let variant = values["variant"] { parts.append("\"\(variant)\"") }
    if let metric = values["metric"] { parts.append(metric) }
    if values["variant"] == nil {
      parts += values.keys.sorted().filter { $0 != "metric" }.map { "\($0)=\(values[$0]!)" }
    }
    return parts.joined(separator: " ")
  }
}
