import Foundation

/// A CSV file of results, read into a table, with its path for messages.
public struct ResultFile: Sendable, Equatable {
  /// The path it was read from.
  public var path: String
  /// Its contents.
  public var table: ResultTable

  /// Wraps a table already in memory (tests, or tables just computed).
  /// - Parameters:
  ///   - path: the path to name in messages.
  ///   - table: the contents.
  public init(path: String, table: ResultTable) {
    self.path = path
    self.table = table
  }

  /// Reads and parses a CSV file.
  /// - Parameter path: the file.
  /// - Throws: ``InvalidValue`` whose reason starts with the path, like
  ///   "Results/x.csv: line 3 has 4 fields, the header has 5".
  public init(reading path: String) throws(InvalidValue) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InvalidValue("\(path): the file cannot be read")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw InvalidValue("\(path): the file is not UTF-8 text")
    }
    do {
      self.init(path: path, table: try CSVReader.parse(text))
    } catch {
      throw InvalidValue("\(path): \(error.reason)")
    }
  }

  /// The values of column `name` in row `row`, or `nil` when there is no such column.
  /// - Parameters:
  ///   - name: the column.
  ///   - row: the row's index.
  /// - Returns: the cell.
  public func cell(_ name: String, row: Int) -> String? {
    table.columns.firstIndex(of: name).map { table.rows[row][$0] }
  }
}
