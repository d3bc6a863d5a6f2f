import Foundation
import Testing

/// The README's "Run every suite on your own interactor" quotes the example
/// package's `main.swift` word for word; CI builds and runs the package.
@Suite struct ExamplePackageTests {
  @Test func theReadmeQuotesTheExamplesMainWordForWord() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let main = try String(
      contentsOf: root.appendingPathComponent("Examples/CheckMyInteractor/Sources/CheckMyInteractor/main.swift"),
      encoding: .utf8)
    let section = try #require(
      readme.components(separatedBy: "## Run every suite on your own interactor").dropFirst().first)
    let block = try #require(
      section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
    #expect(block == main)
  }
}

/// The README's "Check your own screen" quotes the search example's
/// description and its use word for word; the description is short.
@Suite struct ScreenExampleQuoteTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The lines of `text` strictly between the line `// <start>` and the next line `// <end>`.
  static func lines(of text: String, after start: String, before end: String) -> [String]? {
    let all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func marks(_ marker: String) -> (String) -> Bool {
      { $0.trimmingCharacters(in: .whitespaces) == "// \(marker)" }
    }
    guard let from = all.firstIndex(where: marks(start)),
      let to = all[(from + 1)...].firstIndex(where: marks(end))
    else { return nil }
    let body = Array(all[(from + 1)..<to])
    let indent = body.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return body.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
  }

  static func swiftBlocks(in markdown: String) -> [String] {
    markdown.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
  }

  @Test func theReadmeQuotesTheSearchScreensDescriptionAndItsUseWordForWord() throws {
    let readme = try Self.text("README.md")
    let section =
      try #require(readme.components(separatedBy: "## Check your own screen").dropFirst().first)
      .components(separatedBy: "\n## ").first ?? ""
    let blocks = Self.swiftBlocks(in: section)
    try #require(blocks.count >= 3, "the section quotes the description, its use and a replay")
    let description = try #require(
      Self.lines(
        of: try Self.text("Examples/SearchScreen/Sources/SearchScreenChecks/SearchScreenDescription.swift"),
        after: "README description: begin", before: "README description: end"))
    let usage = try #require(
      Self.lines(
        of: try Self.text("Examples/SearchScreen/Tests/SearchScreenTests/SearchScreenTests.swift"),
        after: "README usage: begin", before: "README usage: end"))
    let replay = try #require(
      Self.lines(
        of: try Self.text("Examples/SearchScreen/Tests/SearchScreenTests/SearchScreenTests.swift"),
        after: "README replay: begin", before: "README replay: end"))
    #expect(blocks[0] == description.joined(separator: "\n"))
    #expect(blocks[1] == usage.joined(separator: "\n"))
    #expect(blocks.count > 2 && blocks[2] == replay.joined(separator: "\n"))
    #expect(description.count <= 20, "a screen is checked with a description of at most 20 lines")
  }
}

/// What an app's tests link: the checker's products need nothing of
/// `BenchKit` (command line, CSV, comparisons), only `BenchBasics`.
@Suite struct CheckerProductWeightTests {
  @Test func theCheckersSourcesImportNothingOfBenchKit() throws {
    let manifest = try ScreenExampleQuoteTests.text("Package.swift")
    for target in ["ScreenChecks", "ScreenChecksTesting"] {
      let line = try #require(
        manifest.split(separator: "\n").first { $0.contains(".target(name: \"\(target)\"") }, "\(target)")
      #expect(!line.contains("\"BenchKit\""), "\(line)")
    }
    let sources = ScreenExampleQuoteTests.root.appendingPathComponent("Sources")
    for folder in ["ScreenChecks", "ScreenChecksTesting", "BenchBasics"] {
      let files = try #require(FileManager.default.enumerator(atPath: sources.appendingPathComponent(folder).path))
      for case let file as String in files where file.hasSuffix(".swift") {
        let text = try ScreenExampleQuoteTests.text("Sources/\(folder)/\(file)")
        #expect(!text.contains("import BenchKit"), "\(folder)/\(file)")
      }
    }
  }
}
