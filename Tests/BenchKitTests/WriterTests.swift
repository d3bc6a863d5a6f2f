import BenchKit
import Testing

@Suite struct WriterTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("", ""),
    ("a,b", "\"a,b\""),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("two\nlines", "\"two\nlines\""),
    ("carriage\rreturn", "\"carriage\rreturn\""),
    ("crlf\r\nend", "\"crlf\r\nend\""),
    (" spaced ", " spaced "),
    ("µs|x", "µs|x"),
  ])
  func csvQuotesOnlyWhatNeedsQuoting(field: String, expected: String) {
    #expect(CSVWriter.escape(field) == expected)
  }

  @Test func csvGolden() {
    let expected = #"""
      variant,note,p50_ns
      "a, b","say ""hi""",1500
      pipe|x,"line1
      line2",12.5
      plain,,-3

      """#
    #expect(CSVWriter.render(Fixtures.trickyTable) == expected)
  }

  @Test func jsonGolden() {
    let expected = #"""
      [
        {
          "variant": "a, b",
          "note": "say \"hi\"",
          "p50_ns": "1500"
        },
        {
          "variant": "pipe|x",
          "note": "line1\nline2",
          "p50_ns": "12.5"
        },
        {
          "variant": "plain",
          "note": "",
          "p50_ns": "-3"
        }
      ]

      """#
    #expect(JSONWriter.render(Fixtures.trickyTable) == expected)
  }

  @Test func jsonEscapesControlCharactersAndEmptyTables() {
    #expect(JSONWriter.quote("tab\tback\\slash\u{01}") == #""tab\tback\\slash\u0001""#)
    #expect(JSONWriter.render(ResultTable(columns: ["a"])) == "[]\n")
  }

  @Test func markdownGolden() {
    let expected = #"""
      | variant | note | p50_ns |
      | --- | --- | --- |
      | a, b | say "hi" | 1500 |
      | pipe\|x | line1 line2 | 12.5 |
      | plain |  | -3 |

      """#
    #expect(MarkdownWriter.render(Fixtures.trickyTable) == expected)
  }

  @Test func textTableGolden() {
    let expected = """
      variant  note         p50_ns
      -------  -----------  ------
      a, b     say "hi"       1500
      pipe|x   line1 line2    12.5
      plain                     -3

      """
    #expect(TextTableWriter.render(Fixtures.trickyTable) == expected)
  }

  @Test func textTableOfNoRowsIsAHeader() {
    let expected = """
      SUITE  DEFAULT
      -----  -------

      """
    #expect(TextTableWriter.render(ResultTable(columns: ["SUITE", "DEFAULT"])) == expected)
  }

  @Test func outputFormatPicksTheWriter() {
    #expect(OutputFormat.table.render(Fixtures.trickyTable) == TextTableWriter.render(Fixtures.trickyTable))
    #expect(OutputFormat.markdown.render(Fixtures.trickyTable) == MarkdownWriter.render(Fixtures.trickyTable))
    #expect(OutputFormat.json.render(Fixtures.trickyTable) == JSONWriter.render(Fixtures.trickyTable))
  }

  @Test func environmentColumnsAreAppendedToEveryRow() {
    let table = ResultTable(columns: ["variant", "p50_ns"], rows: [["a", "10"], ["b", "20"]])
    let expected = """
      variant,p50_ns,env_swift,env_build,env_sanitizer,env_os,env_kernel,env_cpu,env_cpus,env_timer_slack_ns,\
      env_clock_overhead_ns,env_clock_resolution_ns,env_date,env_host,env_commit,comparable,partial
      a,10,6.3.1,release,none,Ubuntu 24.04 LTS,Linux 6.8.0 x86_64,"Example CPU, 3.0GHz",2,50000,20.5,10,\
      2025-01-31T09:30:00Z,build-1,abc1234,true,false
      b,20,6.3.1,release,none,Ubuntu 24.04 LTS,Linux 6.8.0 x86_64,"Example CPU, 3.0GHz",2,50000,20.5,10,\
      2025-01-31T09:30:00Z,build-1,abc1234,true,false

      """
    #expect(CSVWriter.render(table.appendingEnvironment(Fixtures.releaseEnvironment, partial: false)) == expected)
  }

  @Test func debugRowsAreNotComparableAndPartialRowsSaySo() throws {
    let table = ResultTable(columns: ["variant"], rows: [["a"]])
      .appendingEnvironment(Fixtures.debugEnvironment, partial: true)
    #expect(try #require(table.column("comparable")) == ["false"])
    #expect(try #require(table.column("partial")) == ["true"])
    #expect(try #require(table.column("env_build")) == ["debug"])
  }

  @Test(arguments: [
    (1500.0, "1500"), (-3.0, "-3"), (0.25, "0.25"), (12.5, "12.5"), (Double.nan, ""), (Double.infinity, ""),
  ])
  func numbersAreWrittenExactly(value: Double, text: String) {
    #expect(CellFormat.number(value) == text)
  }

  @Test func readableFormats() {
    #expect(CellFormat.fixed(3.14159, digits: 2) == "3.14")
    #expect(CellFormat.fixed(-0.5, digits: 1) == "-0.5")
    #expect(CellFormat.fixed(2.005, digits: 0) == "2")
    #expect(CellFormat.fixed(1.05, digits: 3) == "1.050")
    #expect(CellFormat.time(nanoseconds: 950) == "950 ns")
    #expect(CellFormat.time(nanoseconds: 19_540) == "19.54 µs")
    #expect(CellFormat.time(nanoseconds: 10_250_000) == "10.25 ms")
    #expect(CellFormat.time(nanoseconds: 2e9) == "2.00 s")
    #expect(CellFormat.ratio(1.987) == "1.99x")
    #expect(CellFormat.ratio(.nan) == "")
  }
}
