// swift-tools-version: 6.2
// An app team's pull-to-refresh screen, loaded the way SwiftUI's
// `.task(id:)` loads, checked by IsolationBench's screen checker in its own
// tests. The screen's module depends on nothing of IsolationBench; only its
// description for the checker and its tests do.
import PackageDescription

let package = Package(
  name: "PullToRefresh",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "PullToRefresh", targets: ["PullToRefresh"]),
    .library(name: "PullToRefreshChecks", targets: ["PullToRefreshChecks"]),
  ],
  dependencies: [
    .package(name: "IsolationBench", path: "../..")
  ],
  targets: [
    .target(name: "PullToRefresh", swiftSettings: [.swiftLanguageMode(.v6)]),
    // The checker's description of the screen: what its tests, and any
    // package that runs bench on it, hand the checker.
    .target(
      name: "PullToRefreshChecks",
      dependencies: ["PullToRefresh", .product(name: "ScreenChecks", package: "IsolationBench")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "PullToRefreshTests",
      dependencies: ["PullToRefreshChecks", .product(name: "ScreenChecks", package: "IsolationBench")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
