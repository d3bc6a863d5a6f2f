import CheckerFixtures
import Foundation
import IsolationChecks
import ProfileScene
import Testing

extension CheckerTrials {
  /// The README's "Check your own interactor" example is
  /// `ReadmeExample/CheckRefetch.swift`, run here: it passes an interactor
  /// written outside the package's sources, and fails flawed ones.
  @Suite struct ReadmeExampleTests {
    @MainActor
    @Test func theExamplePassesAnInteractorThatShowsOnlyTheLatestProfile() async {
      // README usage: begin
      let report = await checkRefetch { MyProfileInteractor(worker: $0, presenter: $1) }
      #expect(report.violations == 0, "\(report.table)")
      // README usage: end
      #expect(report.trials > 0 && !report.stoppedAtBudget, "every ordering of 2 taps and their answers")
      #expect(report.count(.latestOnly) == report.trials, "\(report.table)")
    }

    @MainActor
    @Test func theExampleFailsAMainActorInteractorThatNeverCancels() async {
      let report = await checkRefetch { MainActorUnstructuredTaskInteractor(worker: $0, presenter: $1) }
      #expect(report.checkFailures[.supersededRequestCancelled, default: 0] > 0, "\(report.table)")
      #expect(report.violations > 0)
    }

    @Test func theReadmeQuotesTheExampleWordForWord() throws {
      let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      let root = tests.deletingLastPathComponent().deletingLastPathComponent()
      let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
      let example = try String(
        contentsOf: tests.appendingPathComponent("ReadmeExample/CheckRefetch.swift"), encoding: .utf8)
      let usage = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)

      let section = try #require(Self.lines(of: readme, after: "## Check your own interactor", before: "\n## "))
      let blocks = Self.swiftBlocks(in: section)
      try #require(blocks.count == 2, "the section has the function and its use, each in a swift block")
      #expect(blocks[0] == Self.lines(of: example, after: "// README example: begin", before: "// README example: end"))
      #expect(blocks[1] == Self.lines(of: usage, after: "// README usage: begin", before: "// README usage: end"))
    }

    /// The lines strictly between the line containing `start` and the next
    /// one containing `end`, without their common indentation.
    static func lines(of text: String, after start: String, before end: String) -> String? {
      guard let from = text.range(of: start) else { return nil }
      let rest = text[from.upperBound...]
      guard let firstNewline = rest.firstIndex(of: "\n") else { return nil }
      let body = rest[rest.index(after: firstNewline)...]
      let stop = body.range(of: end)?.lowerBound ?? body.endIndex
      var lines = body[..<stop].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
      let indent =
        lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        .map { $0.prefix { $0 == " " }.count }.min() ?? 0
      return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }

    /// The contents of every ```swift block of `markdown`.
    static func swiftBlocks(in markdown: String) -> [String] {
      var blocks: [String] = []
      var current: [String]?
      for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        if current == nil, line == "```swift" {
          current = []
        } else if current != nil, line == "```" {
          blocks.append(current!.joined(separator: "\n"))
          current = nil
        } else {
          current?.append(String(line))
        }
      }
      return blocks
    }
  }
}
