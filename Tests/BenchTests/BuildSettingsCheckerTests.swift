import BuildSettingsSupport
import Foundation
import Testing

@testable import BenchSuites

/// The build-settings driver's adapter, which stands a setting's scene behind
/// the package's refetch checker, checked against the package's own copy of
/// the guides' scene.
@Suite struct BuildSettingsCheckerTests {
  /// Under Swift 6 the setting's scene is the guides' scene the package ships
  /// (`GuideProfileInteractor` behind the guides' view), so the checker's
  /// systematic run, which explores every ordering of two taps and their
  /// answers, must give both the same table; and the guides' scene shows an
  /// older profile after the second tap in some orderings. The test fails if
  /// the adapter loses a presentation, mislabels one, or turns an error into
  /// another outcome.
  ///
  /// It compiles the checker's modules and one setting with the toolchain's
  /// `swiftc` (about a minute the first time; the suite's cache after).
  @Test(.enabled(if: checkerCompiler != nil, "no swiftc found (SWIFT_EXEC, PATH): cannot build a setting"))
  func adapterGivesTheCheckerThePackageScenesOutcomes() throws {
    let builder = RungBuilder(
      compiler: checkerCompiler!, sources: try BuildSettingsSources.locate(), sanitizerFlags: [])
    let rung = try #require(BuildSettingsRung.ladder.first { $0.id == "swift6" })
    let build = try builder.build(
      rung, support: try builder.buildSupport(), modules: try builder.buildPackageModules())
    let driver = try #require(build.driver, "the swift6 setting must build")
    let result = try ToolRun.run(driver.path, ["systematic"])
    try #require(result.status == 0, "\(result.standardError)")
    let tables = try JSONDecoder().decode([RefetchTable].self, from: result.standardOutput)
    try #require(tables.count == 2)
    let (adapted, package) = (tables[0], tables[1])
    #expect(adapted.trials > 0)
    #expect(adapted.trials == package.trials)
    #expect(adapted.outcomes == package.outcomes)
    let count = { (outcome: String) in adapted.outcomes.first { $0.outcome == outcome }?.count ?? 0 }
    #expect(count("stale-flash") > 0)
    #expect(count("latest-only") > 0)
    #expect(adapted.notQuiescent == 0)
  }
}

private let checkerCompiler = try? SwiftCompiler.locate()
