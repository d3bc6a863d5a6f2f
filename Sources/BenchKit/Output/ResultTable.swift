/// A tidy table: named columns, one observation per row, every cell text.
///
/// Every writer (CSV, JSON, Markdown, aligned text) renders this one type.
/// Cells are already formatted (see ``CellFormat``), so each writer prints
/// exactly the same values.
public struct ResultTable: Sendable, Equatable {
  /// The column names, in order.
  public var columns: [String]
  /// The rows; each has one cell per column.
  public private(set) var rows: [[String]]

  /// Creates a table.
  /// - Parameters:
  ///   - columns: the column names.
  ///   - rows: the rows; each must have one cell per column.
  public init(columns: [String], rows: [[String]] = []) {
    self.columns = columns
    self.rows = []
    for row in rows {
      append(row)
    }
  }

  /// Appends a row.
  /// - Parameter row: one cell per column.
  public mutating func append(_ row: [String]) {
    precondition(
      row.count == columns.count,
      "a row has \(row.count) cells for \(columns.count) columns: \(row)"
    )
    rows.append(row)
  }

  /// The cells of the column called `name`, if there is one.
  /// - Parameter name: the column name.
  /// - Returns: that column's cells, top to bottom, or `nil`.
  public func column(_ name: String) -> [String]? {
    columns.firstIndex(of: name).map { index in rows.map { $0[index] } }
  }
}
