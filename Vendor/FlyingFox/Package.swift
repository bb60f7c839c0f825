// swift-tools-version:6.0
// FlyingFox 0.27.1 (swhitty/FlyingFox, MIT), vendored with sitegen's patch; see Vendor/README.md.
// The upstream manifest without its test targets and podspec platforms.

import PackageDescription

let package = Package(
    name: "FlyingFox",
    platforms: [
        .macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v8)
    ],
    products: [
        .library(name: "FlyingFox", targets: ["FlyingFox"]),
        .library(name: "FlyingSocks", targets: ["FlyingSocks"])
    ],
    targets: [
        .target(
            name: "FlyingFox",
            dependencies: ["FlyingSocks"],
            path: "FlyingFox/Sources",
            swiftSettings: .upcomingFeatures
        ),
        .target(
            name: "FlyingSocks",
            dependencies: [.target(name: "CSystemLinux", condition: .when(platforms: [.linux, .android]))],
            path: "FlyingSocks/Sources",
            swiftSettings: .upcomingFeatures
        ),
        .target(
            name: "CSystemLinux",
            path: "CSystemLinux"
        )
    ]
)

extension Array where Element == SwiftSetting {
    static var upcomingFeatures: [SwiftSetting] {
        [
            .enableUpcomingFeature("ExistentialAny"),
            .swiftLanguageMode(.v6),
            // Upstream's warnings are not sitegen's to fix (a registry package's would be hidden).
            .unsafeFlags(["-suppress-warnings"])
        ]
    }
}
