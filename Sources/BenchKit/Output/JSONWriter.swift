/// Renders a ``ResultTable`` as JSON: an array with one object per row.
///
/// Keys appear in column order (not sorted), so output is stable and reads
/// like the table; every value is a string, exactly the cell text, so no
/// number changes on the way. Indented by two spaces, with a final newline.
public enum JSONWriter {
  /// The table as JSON text.
  /// - Parameters:
  ///   - table: the table.
  ///   - indent: spaces before every line but the first, to nest the array in a document.
  /// - Returns: the JSON text, ending in a newline.
  public static func render(_ table: ResultTable, indent: Int = 0) -> String {
    guard !table.rows.isEmpty else { return "[]\n" }
    let margin = String(repeating: " ", count: indent)
    let objects = table.rows.map { row in
      let members = zip(table.columns, row).map { "\(margin)    \(quote($0)): \(quote($1))" }
      return "\(margin)  {\n" + members.joined(separator: ",\n") + "\n\(margin)  }"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n\(margin)]\n"
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
