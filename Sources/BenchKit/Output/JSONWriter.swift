/// Renders a ``ResultTable`` as JSON: an array with one object per row.
///
/// Keys appear in column order (not sorted), so output is stable and reads
/// like the table; every value is a string, exactly the cell text, so no
/// number changes on the way. Indented by two spaces, with a final newline.
public enum JSONWriter {
  /// The table as JSON text.
  /// - Parameter table: the table.
  /// - Returns: the JSON text, ending in a newline.
  public static func render(_ table: ResultTable) -> String {
    guard !table.rows.isEmpty else { return "[]\n" }
    let objects = table.rows.map { row in
      let members = zip(table.columns, row).map { "    \(quote($0)): \(quote($1))" }
      return "  {\n" + members.joined(separator: ",\n") + "\n  }"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
  }

  /// A JSON string literal (RFC 8259 escaping).
  /// - Parameter text: the raw text.
  /// - Returns: the quoted, escaped literal.
  public static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
