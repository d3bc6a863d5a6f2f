/// Renders a ``ResultTable`` as aligned plain text for a terminal.
///
/// A header, a rule of dashes, then the rows; columns are separated by two
/// spaces and padded to their widest cell (counted in characters). A column
/// whose non-empty cells all start with a digit, `-` or `+` is a number
/// column and is right-aligned; others are left-aligned. Trailing spaces
/// are trimmed. Ends with a newline.
public enum TextTableWriter {
  /// The table as aligned text.
  /// - Parameter table: the table.
  /// - Returns: the text, ending in a newline.
  public static func render(_ table: ResultTable) -> String {
    let cells = table.rows.map { $0.map(flatten) }
    let widths = table.columns.indices.map { column in
      cells.reduce(table.columns[column].count) { Swift.max($0, $1[column].count) }
    }
    let numeric = table.columns.indices.map { column in
      let values = cells.map { $0[column] }.filter { !$0.isEmpty }
      return !values.isEmpty && values.allSatisfy { $0.first.map { $0.isNumber || $0 == "-" || $0 == "+" } ?? false }
    }
    func line(_ row: [String]) -> String {
      let padded = row.indices.map { column in
        let padding = String(repeating: " ", count: widths[column] - row[column].count)
        return numeric[column] ? padding + row[column] : row[column] + padding
      }
      return String(padded.joined(separator: "  ").reversed().drop { $0 == " " }.reversed()) + "\n"
    }
    var text = line(table.columns)
    text += line(widths.map { String(repeating: "-", count: $0) })
    for row in cells {
      text += line(row)
    }
    return text
  }

  private static func flatten(_ cell: String) -> String {
    cell.split(omittingEmptySubsequences: false) { $0.isNewline }.joined(separator: " ")
  }
}
