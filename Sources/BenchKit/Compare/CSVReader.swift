/// Reads CSV text (RFC 4180) back into a ``ResultTable``: the inverse of ``CSVWriter``.
///
/// Fields are separated by commas; a field in double quotes may hold commas,
/// quotes (doubled) and line breaks. Lines end in LF or CRLF. The first line
/// is the header; every other line must have as many fields.
public enum CSVReader {
  /// Parses CSV text.
  /// - Parameter text: the whole file.
  /// - Returns: the table.
  /// - Throws: ``InvalidValue`` with a reason naming the line, for an empty
  ///   text, an unterminated quote, or a row with the wrong number of fields.
  public static func parse(_ text: String) throws(InvalidValue) -> ResultTable {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var inQuotes = false
    var line = 1
    var recordLine = 1
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      if inQuotes {
        if scalar == "\"" {
          if pending == "\"" {
            field.unicodeScalars.append("\"")
            pending = scalars.next()
          } else {
            inQuotes = false
          }
        } else {
          if scalar == "\n" { line += 1 }
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where field.isEmpty:
        inQuotes = true
      case ",":
        record.append(field)
        field = ""
      case "\r" where pending == "\n":
        continue
      case "\n":
        record.append(field)
        records.append(record)
        (record, field) = ([], "")
        line += 1
        recordLine = line
      default:
        field.unicodeScalars.append(scalar)
      }
    }
    if inQuotes {
      throw InvalidValue("line \(recordLine): a quoted field is not closed")
    }
    if !field.isEmpty || !record.isEmpty {
      record.append(field)
      records.append(record)
    }
    guard let header = records.first, header != [""] else {
      throw InvalidValue("the file is empty; expected a header line")
    }
    var table = ResultTable(columns: header)
    for (index, row) in records.dropFirst().enumerated() {
      guard row.count == header.count else {
        throw InvalidValue("line \(index + 2) has \(row.count) fields, the header has \(header.count)")
      }
      table.append(row)
    }
    return table
  }
}
