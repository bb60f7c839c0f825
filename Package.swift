// swift-tools-version:6.1
import PackageDescription

// `Scripts/fuzz/run.sh` builds the fuzz targets under libFuzzer: SITEGEN_LIBFUZZER in its
// environment instruments the Swift modules that read hostile input (coverage and
// AddressSanitizer; the C parsers, cJSON, libcmark and libyaml, are not) and links libFuzzer's
// driver into `sitegen-fuzz`. Otherwise nothing changes.
let libFuzzer = Context.environment["SITEGEN_LIBFUZZER"] != nil
let fuzzed: [SwiftSetting] = libFuzzer ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []

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
        // `sitegen serve`'s HTTP server, and the stand-in services the tests of `sitegen fetch`
        // start on 127.0.0.1: async, no further dependencies (see README "Writing and previewing").
        .package(path: "Vendor/FlyingFox"),
        // `sitegen fetch`'s HTTP client: Foundation's URLSession on Linux keeps a core busy while
        // it waits for an answer (README "HTTP client"), and a first fetch of an
        // archive waits for hours.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Cached API responses are parsed by cJSON: JSON is the archive-scale build's largest
        // input, and cJSON was the fastest parser measured here (Benchmarks/HISTORY.md, round 1).
        .systemLibrary(
            name: "CCJSON",
            pkgConfig: "libcjson",
            providers: [.apt(["libcjson-dev"]), .brew(["cjson"])]
        ),
        // `sitegen check` reads the rendered pages with libxml2's HTML parser.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // libcmark and cJSON allocate from a per-thread arena rather than node by node from malloc.
        .target(name: "Arena", dependencies: ["CCmark"]),
        .target(
            name: "SitegenCore",
            dependencies: [
                "CCmark",
                "Arena",
                "CCJSON",
                "CLibXML2",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: fuzzed
        ),
        .target(name: "SitegenNews", dependencies: ["SitegenCore"], swiftSettings: fuzzed),
        .target(name: "SitegenArchive", dependencies: ["SitegenCore"], swiftSettings: fuzzed),
        .target(name: "SitegenCharts", dependencies: ["SitegenCore"], swiftSettings: fuzzed),
        .target(name: "SitegenEvents", dependencies: ["SitegenCore"], swiftSettings: fuzzed),
        // `sitegen fetch`: fills Content/ from the services. It reads the sections' settings and
        // names files as they look them up, so it depends on them; nothing depends on it but the CLI.
        .target(
            name: "SitegenFetch",
            dependencies: ["SitegenCore", "SitegenArchive", "SitegenCharts", "SitegenEvents",
                           .product(name: "AsyncHTTPClient", package: "async-http-client"),
                           .product(name: "NIOCore", package: "swift-nio"),
                           .product(name: "NIOPosix", package: "swift-nio"),
                           .product(name: "NIOHTTP1", package: "swift-nio"),
                           .product(name: "NIOHTTPCompression", package: "swift-nio-extras")]
        ),
        // `sitegen serve`: request → file, content types, ETags, live reload and the error overlay.
        .target(
            name: "SitegenServe",
            dependencies: ["SitegenCore", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .target(name: "SitegenCheck", dependencies: ["SitegenCore", "CLibXML2"]),
        // The readers of hostile input as fuzz targets, and the executable libFuzzer drives them
        // through (Scripts/fuzz/run.sh builds it with -sanitize=fuzzer; README "When input is bad").
        .target(name: "SitegenFuzzing", dependencies: ["SitegenCore", "SitegenNews", "SitegenArchive", "SitegenCharts", "SitegenEvents"],
                swiftSettings: fuzzed),
        .executableTarget(name: "sitegen-fuzz", dependencies: ["SitegenCore", "SitegenFuzzing"],
                          swiftSettings: fuzzed + (libFuzzer ? [.define("SITEGEN_LIBFUZZER")] : []),
                          linkerSettings: libFuzzer ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []),
        // `sitegen init`'s files are embedded at build time (EmbedStarterFiles): the repository's
        // Templates/ stays the one copy of the default templates, and the executable needs no
        // resource folder beside it. Starter/ holds the files only a new site needs.
        .executableTarget(name: "embed-files"),
        .plugin(name: "EmbedStarterFiles", capability: .buildTool(), dependencies: ["embed-files"]),
        .target(name: "SitegenStarter", dependencies: ["SitegenCore"], exclude: ["Starter"], plugins: ["EmbedStarterFiles"]),
        .target(
            name: "Sitegen",
            dependencies: ["SitegenCore", "SitegenNews", "SitegenArchive", "SitegenCharts", "SitegenEvents", "SitegenCheck",
                           "SitegenStarter"]
        ),
        // jemalloc rather than glibc's malloc, as Swift servers on Linux are run: a build makes
        // and frees millions of small strings and arrays on several threads, and glibc's malloc
        // spent far more of a build on them (Benchmarks/HISTORY.md, round 8). Linked into the
        // executable, so it serves every library.
        .executableTarget(
            name: "sitegen",
            dependencies: [
                "Sitegen",
                "SitegenFetch",
                "SitegenServe",
                "SitegenStarter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "SitegenTests",
            dependencies: ["Sitegen", "SitegenCore", "SitegenNews", "SitegenArchive", "SitegenCharts", "SitegenEvents",
                           "SitegenServe", "SitegenCheck", "SitegenStarter", "SitegenFuzzing",
                           .product(name: "Yams", package: "Yams")],
            exclude: ["Golden", "Invalid"],
            resources: [.copy("Fixtures")]
        ),
        // The vendored engine's own tests (the Mustache spec's among them, and those of the
        // patch), so that `swift test` runs them too: see Vendor/README.md.
        .testTarget(
            name: "MustacheEngineTests",
            dependencies: [.product(name: "Mustache", package: "swift-mustache")],
            path: "Vendor/swift-mustache/Tests/MustacheTests"
        ),
        .testTarget(
            name: "SitegenFetchTests",
            dependencies: [
                "SitegenFetch", "SitegenCore", "Sitegen",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
    ]
)
