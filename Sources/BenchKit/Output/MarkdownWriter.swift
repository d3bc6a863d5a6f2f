/// Renders a ``ResultTable`` as a GitHub-flavoured Markdown table.
///
/// A `|` inside a cell is written `\|`; a line break inside a cell becomes a
/// space, since a table row must stay on one line. Ends with a newline.
public enum MarkdownWriter {
  /// The table as Markdown text.
  /// - Parameter table: the table.
  /// - Returns: the Markdown text, ending in a newline.
  public static func render(_ table: ResultTable) -> String {
    var text = line(table.columns)
    text += "|" + String(repeating: " --- |", count: table.columns.count) + "\n"
    for row in table.rows {
      text += line(row)
    }
    return text
  }

  /// One cell, escaped for a Markdown table.
  /// - Parameter cell: the raw cell.
  /// - Returns: the escaped cell.
  public static func escape(_ cell: String) -> String {
    cell
      .replacingOccurrences(of: "|", with: "\\|")
      .split(omittingEmptySubsequences: false) { $0.isNewline }
      .joined(separator: " ")
  }

  private static func line(_ cells: [String]) -> String {
    "| " + cells.map(escape).joined(separator: " | ") + " |\n"
  }
}
