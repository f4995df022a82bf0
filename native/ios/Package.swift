// swift-tools-version:5.9
// simlab-ios-helper: the worker's native helper on a Mac host (touch injection with per-finger
// ids and timestamps, screen frames) speaking JSON lines; see core/wire/ios-helper-protocol.ts.
import PackageDescription

let package = Package(
    name: "simlab-ios-helper",
    platforms: [.macOS(.v13)],
    targets: [
        .target(name: "HelperProtocol", path: "Sources/HelperProtocol"),
        .executableTarget(
            name: "simlab-ios-helper",
            dependencies: ["HelperProtocol"],
            path: "Sources/simlab-ios-helper"
        ),
        .testTarget(
            name: "HelperProtocolTests",
            dependencies: ["HelperProtocol"],
            path: "Tests/HelperProtocolTests",
            resources: [.copy("../vectors")]
        ),
    ]
)
