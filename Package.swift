// swift-tools-version:6.1
import PackageDescription

// One engine library per concern, a section module per data source, and a thin command line.
// Sections depend on the core only, never on each other; `Sitegen` wires them into one site.
let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        .library(name: "Sitegen", targets: ["Sitegen"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // swift-mustache 2.1.1 with a patch that makes rendering cheaper: see Vendor/README.md.
        .package(path: "Vendor/swift-mustache"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Cached API responses are parsed by cJSON: Foundation's decoders managed 3–13 MB/s on
        // this machine (Jansson 40, cJSON 140), and JSON is the archive-scale build's largest input.
        .systemLibrary(
            name: "CCJSON",
            pkgConfig: "libcjson",
            providers: [.apt(["libcjson-dev"]), .brew(["cjson"])]
        ),
        // libcmark and cJSON allocate from a per-thread arena rather than node by node from malloc.
        .target(name: "Arena", dependencies: ["CCmark"]),
        .target(
            name: "SitegenCore",
            dependencies: [
                "CCmark",
                "Arena",
                "CCJSON",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(name: "SitegenNews", dependencies: ["SitegenCore"]),
        .target(name: "SitegenArchive", dependencies: ["SitegenCore"]),
        .target(name: "SitegenCharts", dependencies: ["SitegenCore"]),
        .target(name: "SitegenEvents", dependencies: ["SitegenCore"]),
        .target(
            name: "Sitegen",
            dependencies: ["SitegenCore", "SitegenNews", "SitegenArchive", "SitegenCharts", "SitegenEvents"]
        ),
        // jemalloc rather than glibc's malloc, as Swift servers on Linux are run: a build makes
        // and frees millions of small strings and arrays, and glibc's malloc was a tenth of its
        // CPU (see Benchmarks/README.md). Linked into the executable, so it serves every library.
        .executableTarget(
            name: "sitegen",
            dependencies: [
                "Sitegen",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "SitegenTests",
            dependencies: ["Sitegen", "SitegenCore", "SitegenNews", "SitegenArchive", "SitegenCharts", "SitegenEvents"],
            exclude: ["Golden", "Invalid"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
