/// Renders a ``ResultTable`` as CSV (RFC 4180).
///
/// One header line, then one line per row, each ending in LF (`\n`), the
/// final line included; RFC 4180 asks for CRLF, but every CSV reader accepts
/// LF, and LF keeps the files clean in git. A field is quoted when it
/// contains a comma, a double quote, CR or LF; a quote inside a quoted
/// field is doubled. Nothing else is quoted.
public enum CSVWriter {
  /// The table as CSV text.
  /// - Parameter table: the table.
  /// - Returns: the CSV text, ending in a newline.
  public static func render(_ table: ResultTable) -> String {
    var text = line(table.columns)
    for row in table.rows {
      text += line(row)
    }
    return text
  }

  /// One field, quoted if it needs to be.
  /// - Parameter field: the raw field.
  /// - Returns: the field as it appears in CSV.
  public static func escape(_ field: String) -> String {
    let needsQuotes = field.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
    guard needsQuotes else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  private static func line(_ fields: [String]) -> String {
    fields.map(escape).joined(separator: ",") + "\n"
  }
}
