import BenchKit
import Testing

@Suite struct ProgressTests {
  @Test func plainProgressPrintsEveryTenthOnce() {
    let console = RecordingConsole(errorIsTerminal: false)
    let progress = ConsoleProgress(console: console)
    progress.report(.suiteStarted(suite: "s", estimate: .seconds(2)))
    progress.report(.phaseStarted(phase: "measuring", totalSteps: 20))
    for step in 1...20 {
      progress.report(.stepsCompleted(step, of: 20))
    }
    let lines = console.error.split(separator: "\n").map(String.init)
    #expect(lines[0] == "[s] started (estimated 2.0 s)")
    #expect(lines[1] == "[s] measuring: 0/20")
    #expect(lines.count == 12)
    #expect(lines[2].hasPrefix("[s] measuring: 2/20 (10%)"))
    #expect(lines[11] == "[s] measuring: 20/20 (100%)")
    #expect(console.output.isEmpty)
  }

  @Test func terminalProgressRedrawsOneLine() {
    let console = RecordingConsole(errorIsTerminal: true)
    let progress = ConsoleProgress(console: console)
    progress.report(.phaseStarted(phase: "warm-up", totalSteps: 4))
    progress.report(.stepsCompleted(4, of: 4))
    progress.report(.note("done"))
    #expect(console.error.contains("\r\u{1B}[2K[] warm-up [########################] 100% 4/4"))
    #expect(console.error.hasSuffix("\n[] done\n"))
  }
}
