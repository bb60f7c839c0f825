import Foundation
import SitegenCore
@testable import SitegenCharts

/// A throw-away Content/ folder of file texts (`FixtureContent`), for loader tests.
struct ChartsContent {
    let folder: FixtureContent
    var root: URL { folder.content }

    init(_ files: [String: String]) throws {
        folder = try FixtureContent("charts", files: files.mapValues { Data($0.utf8) })
    }

    /// A real-format fixture from Tests/SitegenTests/Fixtures/charts/.
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: try FixtureContent.fixture("charts", name), encoding: .utf8)
    }

    func context(siteYAML: String = "", today: LocalDate = LocalDate(year: 2026, month: 11, day: 22)!,
                 zone: String = "UTC", warnings: WarningLog = WarningLog()) throws -> LoadContext {
        let config = try SiteConfig.parse(siteYAML, file: "Content/site.yml", sectionKeys: ["charts"], warnings: warnings).english
        return try folder.context(config: config, today: today, zone: zone, warnings: warnings)
    }

    func load(siteYAML: String = "", warnings: WarningLog = WarningLog()) throws -> ChartsSection? {
        try ChartsSection.load(try context(siteYAML: siteYAML, warnings: warnings))
    }
}
