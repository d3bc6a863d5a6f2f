import BenchKit
import Testing

@Suite struct CSVReaderTests {
  @Test func readsBackWhatTheWriterWrites() throws {
    #expect(try CSVReader.parse(CSVWriter.render(Fixtures.trickyTable)) == Fixtures.trickyTable)
  }

  @Test func acceptsCRLFAndAMissingFinalNewline() throws {
    let table = try CSVReader.parse("a,b\r\n1,\"x\r\ny\"\r\n2,3")
    #expect(table == ResultTable(columns: ["a", "b"], rows: [["1", "x\r\ny"], ["2", "3"]]))
  }

  @Test(arguments: [
    ("", "the file is empty; expected a header line"),
    ("a,b\n1\n", "line 2 has 1 fields, the header has 2"),
    ("a,b\n1,2\n\"3,4\n", "line 3: a quoted field is not closed"),
  ])
  func refusesMalformedText(text: String, reason: String) {
    #expect(throws: InvalidValue(reason)) { try CSVReader.parse(text) }
  }
}
