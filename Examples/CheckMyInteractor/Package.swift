// swift-tools-version: 6.2
// An app team's own check: IsolationBench's suites on an interactor of theirs,
// beside the shipped ones, and its refetch checker on two screens of theirs
// (the packages beside this one). It depends on the checkout it sits in; an
// outside package would use .package(url:from:) instead of the path.
import PackageDescription

let package = Package(
  name: "CheckMyInteractor",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "IsolationBench", path: "../.."),
    .package(name: "SearchScreen", path: "../SearchScreen"),
    .package(name: "PullToRefresh", path: "../PullToRefresh"),
  ],
  targets: [
    .executableTarget(
      name: "CheckMyInteractor",
      dependencies: [
        .product(name: "BenchSuites", package: "IsolationBench"),
        .product(name: "IsolationChecks", package: "IsolationBench"),
        .product(name: "ProfileScene", package: "IsolationBench"),
        .product(name: "SearchScreenChecks", package: "SearchScreen"),
        .product(name: "PullToRefreshChecks", package: "PullToRefresh"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    )
  ]
)
