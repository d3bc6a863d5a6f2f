/// One setting of the build-settings ladder: the guides' migration path,
/// then Swift 6.2's two settings that change where code runs, then Xcode
/// 26's new-project default with and without the fix.
struct BuildSettingsRung: Sendable, Hashable {
  /// A short name for files and the CSV, like `swift6-nonsending`.
  var id: String
  /// What a reader calls it, like `Swift 6 + NonisolatedNonsendingByDefault`.
  var title: String
  /// The compiler flags of the scene's build.
  var flags: [String]

  /// The ladder, in order.
  static let ladder: [BuildSettingsRung] = [
    .init(id: "swift5-minimal", title: "Swift 5, minimal checking", flags: swift5("minimal")),
    .init(id: "swift5-targeted", title: "Swift 5, targeted checking", flags: swift5("targeted")),
    .init(id: "swift5-complete", title: "Swift 5, complete checking", flags: swift5("complete")),
    .init(id: "swift6", title: "Swift 6 language mode", flags: ["-swift-version", "6"]),
    .init(
      id: "swift6-nonsending", title: "Swift 6 + NonisolatedNonsendingByDefault",
      flags: ["-swift-version", "6"] + nonsending),
    .init(
      id: "swift6-mainactor", title: "Swift 6 + default isolation MainActor",
      flags: ["-swift-version", "6"] + mainActor),
    .init(
      id: "xcode26-default", title: "Xcode 26 default (Approachable Concurrency + MainActor)",
      flags: ["-swift-version", "6"] + approachable + mainActor),
    .init(
      id: "xcode26-fixed", title: "Xcode 26 default + fix (@concurrent fetches, nonisolated models)",
      flags: ["-swift-version", "6"] + approachable + mainActor + ["-D", "BUILD_SETTINGS_FIX"]),
  ]

  private static func swift5(_ level: String) -> [String] {
    ["-swift-version", "5", "-strict-concurrency=\(level)"]
  }
  private static let nonsending = ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]
  /// Approachable Concurrency's features that Swift 6 mode does not already have.
  private static let approachable = nonsending + ["-enable-upcoming-feature", "InferIsolatedConformances"]
  private static let mainActor = ["-default-isolation", "MainActor"]

  /// The flags as one string, for the CSV.
  var flagText: String { flags.joined(separator: " ") }
}
