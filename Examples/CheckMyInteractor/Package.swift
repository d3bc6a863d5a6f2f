// swift-tools-version: 6.2
// An app team's own check: IsolationBench's suites on an interactor of theirs,
// beside the shipped ones. It depends on the checkout it sits in; an outside
// package would use .package(url:from:) instead of the path.
import PackageDescription

let package = Package(
  name: "CheckMyInteractor",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "IsolationBench", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "CheckMyInteractor",
      dependencies: [
        .product(name: "BenchSuites", package: "IsolationBench"),
        .product(name: "ProfileScene", package: "IsolationBench"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    )
  ]
)
