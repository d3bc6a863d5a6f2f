// swift-tools-version: 6.2
// A held-out evaluation set for IsolationBench's screen checker: screens ported
// from public apps (each in its own types, as it was before its fix), two
// correct controls, and a correct feed with its flawed twin. The checker is
// taken from the checkout named by CHECKER_PATH, so the same set can be
// measured against two checkouts.
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
