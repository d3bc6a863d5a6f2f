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
