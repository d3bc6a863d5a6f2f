// swift-tools-version: 6.2
// IsolationBench: benchmarks and stress tests for actor isolation and parallel
// fetch in the VIP ("Clean Swift") profile scene. No dependencies beyond the
// toolchain.
//
// The minimum is Swift 6.2 (Xcode 26.0, swift:6.2): the build-settings work
// needs its compiler (`-default-isolation`, `@concurrent`,
// NonisolatedNonsendingByDefault). An older toolchain stops here with
// SwiftPM's "is using Swift tools version 6.2.0 but the installed version
// is ..." before compiling anything. macOS 15 is the floor because the code
// uses `Synchronization.Atomic` (macOS 15), and Xcode 26 runs on macOS 15.6
// or later anyway.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6)
]

let package = Package(
  name: "IsolationBench",
  // iOS for the checker's library products (ScreenChecks, IsolationChecks and
  // what they need), so that an app's tests run the checker in a simulator;
  // the bench executable and its suites, which start processes, stay macOS
  // and Linux only.
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ScreenChecks", targets: ["ScreenChecks"]),
    .library(name: "ScreenChecksTesting", targets: ["ScreenChecksTesting"]),
    .library(name: "ProfileScene", targets: ["ProfileScene"]),
    .library(name: "MockNetwork", targets: ["MockNetwork"]),
    .library(name: "BenchKit", targets: ["BenchKit"]),
    .library(name: "BenchBasics", targets: ["BenchBasics"]),
    .library(name: "IsolationChecks", targets: ["IsolationChecks"]),
    .library(name: "HopProbes", targets: ["HopProbes"]),
    .library(name: "URLSessionTransport", targets: ["URLSessionTransport"]),
    .library(name: "BuildSettingsSupport", targets: ["BuildSettingsSupport"]),
    .library(name: "BenchSuites", targets: ["BenchSuites"]),
    .executable(name: "bench", targets: ["bench"]),
  ],
  targets: [
    .target(name: "ProfileScene", swiftSettings: swiftSettings),
    // The refetch checker's core, generic over a screen description: it knows
    // nothing of profiles, and builds for iOS as well as macOS and Linux.
    .target(name: "ScreenChecks", dependencies: ["BenchBasics"], swiftSettings: swiftSettings),
    // The checker's findings as test failures, for an app's tests: Swift
    // Testing (which ships with the toolchain) and XCTest.
    .target(name: "ScreenChecksTesting", dependencies: ["ScreenChecks"], swiftSettings: swiftSettings),
    .target(
      name: "MockNetwork", dependencies: ["ProfileScene", "BenchKit", "ScreenChecks"], swiftSettings: swiftSettings
    ),
    .target(name: "BenchKit", dependencies: ["BenchBasics"], swiftSettings: swiftSettings),
    // What the checker shares with the benchmarks: seeded randomness,
    // one-shot signals, duration formatting, statistics. BenchKit re-exports it.
    .target(name: "BenchBasics", swiftSettings: swiftSettings),
    .target(
      name: "IsolationChecks", dependencies: ["ScreenChecks", "ProfileScene", "MockNetwork", "BenchKit"],
      swiftSettings: swiftSettings
    ),
    // The checker's flaw fixtures (screens and interactors, each flawed and correct), shared by its tests and by
    // bench's checker-power suite; not a product.
    .target(
      name: "CheckerFixtures", dependencies: ["ScreenChecks", "IsolationChecks", "ProfileScene"],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "HopProbes", dependencies: ["ProfileScene", "MockNetwork", "BenchKit"], swiftSettings: swiftSettings
    ),
    .target(name: "URLSessionTransport", dependencies: ["ProfileScene"], swiftSettings: swiftSettings),
    // The probes, transport seam and report format of the build-settings suite's run-time builds.
    .target(name: "BuildSettingsSupport", swiftSettings: swiftSettings),
    // Every suite, its plans, tables and probes, and the scene registry: what
    // `bench` runs, and what a package of your own runs on its interactors.
    .target(
      name: "BenchSuites",
      dependencies: [
        "BenchKit", "ProfileScene", "MockNetwork", "HopProbes", "IsolationChecks",
        "URLSessionTransport", "BuildSettingsSupport", "CheckerFixtures",
      ],
      swiftSettings: swiftSettings
    ),
    // Wiring only: `await Bench.main()`.
    .executableTarget(
      name: "bench", dependencies: ["BenchSuites"], path: "Benchmarks/bench", swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "ProfileSceneTests",
      dependencies: ["ProfileScene", "MockNetwork", "SceneTestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(name: "MockNetworkTests", dependencies: ["MockNetwork"], swiftSettings: swiftSettings),
    .testTarget(
      name: "ScreenChecksTests",
      dependencies: ["ScreenChecks", "ScreenChecksTesting", "BenchKit", "CheckerFixtures", "LongRunSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(name: "BenchKitTests", dependencies: ["BenchKit"], swiftSettings: swiftSettings),
    .testTarget(
      name: "BuildSettingsSupportTests", dependencies: ["BuildSettingsSupport"], swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "IsolationChecksTests",
      dependencies: [
        "IsolationChecks", "ProfileScene", "MockNetwork", "URLSessionTransport", "LoopbackTestSupport",
        "CheckerFixtures", "LongRunSupport",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "HopProbesTests", dependencies: ["HopProbes", "ProfileScene", "BenchKit"], swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "BenchTests",
      dependencies: [
        "BenchSuites", "BenchKit", "ProfileScene", "MockNetwork", "IsolationChecks", "ScreenChecks",
        "LoopbackTestSupport", "CheckerFixtures",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "URLSessionTransportTests",
      dependencies: ["URLSessionTransport", "ProfileScene", "LoopbackTestSupport", "SceneTestSupport"],
      swiftSettings: swiftSettings
    ),
    // Bounded, signal-driven waits on a scene's display log, shared by the scene's test targets; not a product.
    .target(
      name: "SceneTestSupport",
      dependencies: ["ProfileScene", "BenchKit"],
      path: "Tests/Support/SceneTestSupport",
      swiftSettings: swiftSettings
    ),
    // The trait of the long runs that a plain `swift test` leaves out (ISOLATIONBENCH_LONG_TESTS=1 runs them).
    .target(
      name: "LongRunSupport",
      path: "Tests/Support/LongRunSupport",
      swiftSettings: swiftSettings
    ),
    // Test support shared by the test targets that start scripts/serve.py; not a product.
    .target(
      name: "LoopbackTestSupport",
      path: "Tests/Support/LoopbackTestSupport",
      swiftSettings: swiftSettings
    ),
  ]
)
