/// Counts the fields of one CSV line (RFC 4180 quoting, no line breaks inside fields).
enum CSVFields {
  static func count(in line: String) -> Int {
    var fields = 1
    var quoted = false
    for character in line {
      if character == "\"" {
        quoted.toggle()
      } else if character == ",", !quoted {
        fields += 1
      }
    }
    return fields
  }
}
