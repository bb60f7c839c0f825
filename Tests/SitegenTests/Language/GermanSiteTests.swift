import Foundation
import SitegenCore
import Testing

/// The sample site (Content/) built with `language: de` and the repository's
/// Templates/strings/de.yml: a few pages of each kind pinned as golden files (Golden/site-de/).
@Suite("The sample site in German")
struct GermanSiteTests {
    static let pages = [
        "index.html",
        "artists/grateful-dead/1990-04-03/index.html",
        "charts/deadhead-mara/weeks/1763294400/index.html",
        "charts/deadhead-mara/1-years-ago/index.html",
        "events/london/index.html",
        "news/on-this-day/index.html",
    ]

    static func build() throws -> (TemporarySite, BuildReport) {
        let site = try TemporarySite([:])
        try FileManager.default.removeItem(at: site.content)
        try FileManager.default.copyItem(at: TestPaths.content, to: site.content)
        let settings = try String(contentsOf: site.content.appendingPathComponent("site.yml"), encoding: .utf8)
        try site.write(settings.replacingOccurrences(of: "\nlanguage: en\n", with: "\nlanguage: de\n"), to: "Content/site.yml")
        return (site, try site.build(date: "2026-11-22"))
    }

    @Test func goldenPages() throws {
        let (site, report) = try Self.build()
        defer { site.delete() }
        // de.yml has every key of en.yml: no fallback warnings.
        #expect(!report.warnings.contains { $0.description.contains("strings/") }, "\(report.warnings)")
        for path in Self.pages {
            let html = try #require(site.read(path), "no \(path)")
            try Golden.check(html, against: "site-de/" + path)
        }
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<html lang=\"de\">"))
        #expect(home.contains("Zum Inhalt springen") && home.contains(">Neuigkeiten<"))
        let city = try #require(site.read("events/london/index.html"))
        // Weekday and month names from the German locale data, and the day's badge.
        #expect(city.contains("Sonntag, 22. November 2026") && city.contains(">Heute<"), "the city page's first day")
        #expect(!city.contains("Sunday 22") && !city.contains("time TBA") && city.contains("Uhrzeit folgt"))
    }
}
