/// How results printed to standard output are formatted (`--format`).
public enum OutputFormat: String, Sendable, CaseIterable {
  /// Aligned plain text (``TextTableWriter``).
  case table
  /// A Markdown table (``MarkdownWriter``).
  case markdown
  /// A JSON array of objects (``JSONWriter``).
  case json

  /// Renders a table in this format.
  /// - Parameter table: the table.
  /// - Returns: the text, ending in a newline.
  public func render(_ table: ResultTable) -> String {
    switch self {
    case .table: TextTableWriter.render(table)
    case .markdown: MarkdownWriter.render(table)
    case .json: JSONWriter.render(table)
    }
  }
}
