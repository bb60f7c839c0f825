import Foundation
import SitegenCore
@testable import SitegenCharts

/// Builds a throwaway Content/ folder from file texts, for loader tests.
struct ChartsContent {
    let root: URL

    init(_ files: [String: String]) throws {
        root = TemporaryFolder.path("charts")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// A real-format fixture from Tests/SitegenTests/Fixtures/charts/.
    static func fixture(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: "Fixtures/charts/\(name)", withExtension: "json") else {
            throw SitegenError("missing fixture \(name).json")
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    func context(siteYAML: String = "", today: LocalDate = LocalDate(year: 2026, month: 11, day: 22)!,
                 zone: String = "UTC", warnings: WarningLog = WarningLog()) throws -> LoadContext {
        let config = try SiteConfig.parse(siteYAML, file: "Content/site.yml", sectionKeys: ["charts"], warnings: warnings).english
        let timeZone = TimeZone(identifier: zone) ?? config.timeZone
        return LoadContext(contentDirectory: root, contentName: "Content", config: config,
                           clock: BuildClock(today: today, timeZone: timeZone), includeDrafts: false, warnings: warnings)
    }

    func load(siteYAML: String = "", warnings: WarningLog = WarningLog()) throws -> ChartsSection? {
        try ChartsSection.load(try context(siteYAML: siteYAML, warnings: warnings))
    }
}
