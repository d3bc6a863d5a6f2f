// swift-tools-version: 6.2
// Three everyday screens of an app, each in a correct and a flawed version,
// checked by IsolationBench's screen checker in the package's own tests: a
// user's detail with "Try again" shown only on an error, a feed that loads
// more only while there is more and starts anew on a pull to refresh, and a
// search that ignores queries shorter than three characters. The screens'
// module depends on nothing of IsolationBench; only their descriptions for
// the checker and their tests do. An outside package would use
// .package(url:from:) instead of the path.
import PackageDescription

let package = Package(
  name: "EverydayScreens",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "EverydayScreens", targets: ["EverydayScreens"]),
    .library(name: "EverydayScreensChecks", targets: ["EverydayScreensChecks"]),
  ],
  dependencies: [
    .package(name: "IsolationBench", path: "../..")
  ],
  targets: [
    .target(name: "EverydayScreens", swiftSettings: [.swiftLanguageMode(.v6)]),
    // The checker's descriptions of the screens.
    .target(
      name: "EverydayScreensChecks",
      dependencies: ["EverydayScreens", .product(name: "ScreenChecks", package: "IsolationBench")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "EverydayScreensTests",
      dependencies: [
        "EverydayScreensChecks", .product(name: "ScreenChecks", package: "IsolationBench"),
        .product(name: "ScreenChecksTesting", package: "IsolationBench"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
