import BenchKit
import BuildSettingsSupport
import Foundation

/// Suite `build-settings`: what each concurrency setting, from the guides'
/// migration path to Xcode 26's defaults, does to the guides' scene.
///
/// The same scene source (`Benchmarks/BuildSettings/Scene`) is compiled
/// once per setting of ``BuildSettingsRung/ladder`` with the toolchain's
/// `swiftc` (see ``RungBuilder``): a setting under which the scene does not
/// compile is a finding, so the rungs cannot be targets of the package. Each
/// rung's diagnostics are counted and classified; each rung that builds is
/// run by its driver on the same mock network at each payload of the sweep
/// (10, 100 and 1,000 posts; `--quick` 10 and 100), which reports
/// where each stage ran, the main actor's longest gap and the frames missed
/// while one and N loads run, `async let` against sequential fetches, the
/// throughput of N loads at once, the hop from the interactor to the
/// presenter beside a same-run floor, and the package's refetch checker's
/// stress outcomes on that build's interactor and worker (see
/// ``BuildSettingsTable``).
///
/// Opt-in: the first run compiles the checker's modules and 8 builds of the
/// scene (two to three minutes on two cores); later runs reuse them from
/// `.build/build-settings/`.
struct BuildSettingsSuite: BenchSuite {
  let name = "build-settings"
  let summary =
    "What each concurrency setting, Swift 5 to Xcode 26's defaults, does to the scene at 10, 100 and 1,000 posts (opt-in, ~2-3 min first run, ~1 min cached)."
  /// The standard options it reads: `--quick`, `--iterations` and `--seed` (the checker's); the network and payloads are fixed.
  let standardOptions: Set<String> = ["quick", "iterations", "seed"]
  let runsByDefault = false

  func estimatedDuration(for options: BenchOptions) -> Duration {
    let rungs = BuildSettingsRung.ladder.count
    let perRung = DriverPlan.sweep(options: options).reduce(Duration.zero) { $0 + $1.expectedRunDuration }
    return .seconds(15) * rungs + perRung * rungs
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    let sweep = DriverPlan.sweep(options: context.options)
    let sources = try BuildSettingsSources.locate()
    let compiler = try SwiftCompiler.locate()
    context.progress.report(.note("compiler: \(compiler.path), \(compiler.version)"))
    let builder = RungBuilder(
      compiler: compiler, sources: sources,
      sanitizerFlags: RungBuilder.sanitizerFlags(for: context.environment.sanitizer))
    if !builder.sanitizerFlags.isEmpty {
      context.progress.report(.note("compiling the rungs with \(builder.sanitizerFlags.joined(separator: " "))"))
    }

    let ladder = BuildSettingsRung.ladder
    context.progress.report(.phaseStarted(phase: "compiling", totalSteps: ladder.count + 2))
    let support = try builder.buildSupport()
    context.progress.report(.stepsCompleted(1, of: ladder.count + 2))
    context.progress.report(
      .note("compiling the checker's modules (\(RungBuilder.packageModules.joined(separator: ", ")))"))
    let modules = try builder.buildPackageModules()
    context.progress.report(.stepsCompleted(2, of: ladder.count + 2))
    var builds: [RungBuilder.Build] = []
    for (index, rung) in ladder.enumerated() {
      if context.interrupt.isRaised { break }
      context.progress.report(.note("compiling \(rung.id): \(rung.flagText)"))
      builds.append(try builder.build(rung, support: support, modules: modules))
      context.progress.report(.stepsCompleted(index + 3, of: ladder.count + 2))
    }
    let cached = builds.filter(\.cached).count
    context.progress.report(.note("\(cached) of \(builds.count) rungs came from the cache"))

    let runnable = builds.filter { $0.driver != nil }
    let steps = runnable.count * sweep.count
    context.progress.report(.phaseStarted(phase: "measuring", totalSteps: steps))
    var reports: [String: [DriverReport]] = [:]
    var measured = 0
    measuring: for build in runnable {
      for plan in sweep {
        if context.interrupt.isRaised { break measuring }
        reports[build.rung.id, default: []].append(try Self.measure(build, plan: plan))
        measured += 1
        context.progress.report(.stepsCompleted(measured, of: steps))
      }
    }

    let table = BuildSettingsTable(
      builds: builds, reports: reports, sweep: sweep, compiler: compiler, modules: modules,
      sanitizer: context.environment.sanitizer)
    return SuiteReport(
      tables: [.init(name: name, table: table.rows)],
      headline: table.headline,
      notes: table.notes,
      isPartial: builds.count < ladder.count || measured < steps
    )
  }

  /// Runs one rung's driver and reads its report; its standard error (a
  /// sanitizer's reports among it) is passed on to `bench`'s own.
  private static func measure(_ build: RungBuilder.Build, plan: DriverPlan) throws -> DriverReport {
    let result = try ToolRun.run(build.driver!.path, plan.arguments)
    if !result.standardError.isEmpty {
      FileHandle.standardError.write(Data("[\(build.rung.id) driver]\n\(result.standardError)".utf8))
    }
    guard result.status == 0 else {
      throw BuildSettingsError.driverFailed(
        rung: build.rung.id, status: result.status, firstLines: RungBuilder.firstLines(result.standardError))
    }
    do {
      return try JSONDecoder().decode(DriverReport.self, from: result.standardOutput)
    } catch {
      throw BuildSettingsError.driverFailed(
        rung: build.rung.id, status: result.status, firstLines: "unreadable report: \(error)")
    }
  }
}
