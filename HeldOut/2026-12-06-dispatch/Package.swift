// swift-tools-version: 6.2
// The second held-out evaluation set for IsolationBench's screen checker:
// screens ported from public apps whose work runs outside structured tasks
// (Dispatch completion handlers, Task.detached), as they were before their
// fix, and two correct controls. The checker is taken from CHECKER_PATH.
import Foundation
import PackageDescription

let checker = ProcessInfo.processInfo.environment["CHECKER_PATH"] ?? "../.."

let package = Package(
  name: "heldout",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(name: "IsolationBench", path: checker)
  ],
  targets: [
    // The screens: Foundation, Dispatch and Observation only; nothing of the checker.
    .target(name: "HeldoutScreens", swiftSettings: [.swiftLanguageMode(.v6)]),
    .executableTarget(
      name: "heldout",
      dependencies: ["HeldoutScreens", .product(name: "ScreenChecks", package: "IsolationBench")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
