import Foundation
import Testing

@testable import BenchKit

@Suite struct OutputTests {
  @Test func atomicWritesReplaceTheWholeFileAndLeaveNoTemporary() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try AtomicFileWriter.write("old\n", to: directory.file("a.csv"))
    try AtomicFileWriter.write("new\n", to: directory.file("a.csv"))
    #expect(try directory.contents(of: "a.csv") == "new\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.csv"])
  }

  /// Parallel tests and suites write and probe the same directories from one
  /// process: a temporary or probe name shared by the whole process let one
  /// writer rename or remove another's file ("No such file or directory").
  @Test func everyWriteAndProbeHasAFileOfItsOwn() {
    let first = AtomicFileWriter.temporaryPath(for: "/r/a.csv")
    let second = AtomicFileWriter.temporaryPath(for: "/r/a.csv")
    #expect(first != second)
    #expect(first.hasPrefix("/r/a.csv.") && first.hasSuffix(".tmp"))
    #expect(OutputDirectory.probePath(in: "/r") != OutputDirectory.probePath(in: "/r"))
    #expect(OutputDirectory.probePath(in: "/r").hasPrefix("/r/.write-probe."))
  }

  @Test func writingIntoAMissingDirectoryIsAClearError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("missing/a.csv")
    #expect(throws: OutputError(path: path, reason: "No such file or directory")) {
      try AtomicFileWriter.write("x", to: path)
    }
    #expect(
      OutputError(path: "/r/a.csv", reason: "No such file or directory").description
        == "cannot write to '/r/a.csv': No such file or directory"
    )
  }

  @Test func preparingCreatesTheDirectoryAndLeavesItEmpty() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let output = try OutputDirectory(preparing: directory.file("x/y"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty)
    #expect(output.file("t.csv") == directory.file("x/y/t.csv"))
  }

  @Test func aFileInThePathIsNamedInTheError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = FileManager.default.createFile(atPath: directory.file("file"), contents: Data())
    #expect(
      throws: OutputError(path: directory.file("file/sub"), reason: "'\(directory.file("file"))' is not a directory")
    ) {
      try OutputDirectory(preparing: directory.file("file/sub"))
    }
  }
}
