// swift-tools-version: 6.2
// An app team's search screen, checked by IsolationBench's screen checker
// in its own tests. The screen's module depends on nothing of
// IsolationBench; only its description for the checker and its tests do.
// An outside package would use .package(url:from:) instead of the path.
import PackageDescription

let package = Package(
  name: "SearchScreen",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "SearchScreen", targets: ["SearchScreen"]),
    .library(name: "SearchScreenChecks", targets: ["SearchScreenChecks"]),
  ],
  dependencies: [
    .package(name: "IsolationBench", path: "../..")
  ],
  targets: [
    .target(name: "SearchScreen", swiftSettings: [.swiftLanguageMode(.v6)]),
    // The checker's description of the screen: what its tests, and any
    // package that runs bench on it, hand the checker.
    .target(
      name: "SearchScreenChecks",
      dependencies: ["SearchScreen", .product(name: "ScreenChecks", package: "IsolationBench")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "SearchScreenTests",
      dependencies: [
        "SearchScreenChecks", .product(name: "ScreenChecks", package: "IsolationBench"),
        .product(name: "ScreenChecksTesting", package: "IsolationBench"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
