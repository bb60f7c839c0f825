import Foundation

/// The repository's sample site (Content/) built once into a temporary folder for the tests
/// that look at what visitors get; removed when the test process ends.
enum SampleSite {
    struct Built: @unchecked Sendable {
        let site: TemporarySite
        let warnings: [String]
    }

    static let built: Result<Built, any Error> = Result {
        let site = try TemporarySite([:])
        try FileManager.default.removeItem(at: site.content)
        try FileManager.default.copyItem(at: TestPaths.content, to: site.content)
        let report = try site.build(date: "2026-11-22")
        atexit { if case .success(let built) = SampleSite.built { built.site.delete() } }
        return Built(site: site, warnings: report.warnings.map(\.description))
    }

    static func get() throws -> Built { try built.get() }
}
