import Foundation
import Sitegen
import SitegenCore
import Testing

/// Whole builds of a site with archive data: the pages land in Output/, the home page gains the
/// day's concerts, and incremental rebuilds after an archive edit equal a clean build.
@Suite("Archive builds")
struct ArchiveBuildTests {
    static func site() throws -> TemporarySite {
        var files = ["Content/site.yml": "title: T\nbase_url: https://example.org/music/\narchive:\n  year_order: oldest_first\n"]
        for (path, fixture) in ArchiveFixtureSite.standard {
            files["Content/" + path] = try TestPaths.fixture("archive/\(fixture).json")
        }
        return try TemporarySite(files)
    }

    static func expectSameAsClean(_ site: TemporarySite, date: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let clean = site.root.appendingPathComponent("Clean")
        var options = site.options(date: date, output: clean)
        options.clean = true
        _ = try SiteBuilder(options: options, sections: SectionRegistry.all, generator: Sitegen.generator).build()
        let expected = SiteFiles.read(clean)
        let incremental = site.outputFiles()
        #expect(incremental.keys.sorted() == expected.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in expected where incremental[path] != data {
            Issue.record("\(path) differs from a clean build", sourceLocation: sourceLocation)
        }
    }

    @Test("the archive's pages, navigation and home block")
    func build() throws {
        let site = try Self.site()
        defer { site.delete() }
        let report = try site.build(date: "2026-11-22")
        for path in ["artists/index.html", "artists/grateful-dead/index.html", "artists/grateful-dead/1970-02-14-2/index.html",
                     "recordings/gd1990-04-03.aud.bertha.12345.flac16/index.html", "on-this-day/11-22/index.html"] {
            #expect(site.exists(path), "\(path)")
        }
        #expect(!site.exists("recordings/gd1977-05-08.sbd.hicks.4982.sbeok.shnf/index.html"))
        let home = try #require(site.read("index.html"))
        #expect(home.contains("On this day: 22 November"))
        #expect(home.contains("<a href=\"./artists/phish/1997-11-22/\">1997 · Phish</a>"))
        #expect(home.contains("<a href=\"./artists/\">Artists</a>"))
        let concert = try #require(site.read("artists/grateful-dead/1990-04-03/index.html"))
        #expect(concert.contains("<link rel=\"stylesheet\" href=\"../../../assets/css/archive.css\">"))
        #expect(site.read("sitemap-archive.xml")?.contains("https://example.org/music/recordings/ph1997-11-22.sbd.flac16/") == true)
        #expect(report.warnings.contains { $0.location?.file == "Content/archive/GratefulDead/items/gd1977-05-08.sbd.hicks.4982.sbeok.shnf.json" })
    }

    @Test("editing, adding and removing archive files, and a new date, rebuild like a clean build")
    func incremental() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build(date: "2026-11-22")
        let item = "Content/archive/GratefulDead/items/gd1997-xx-xx.swapped.fm.1.flac16.json"
        let text = try #require(try? String(contentsOf: site.root.appendingPathComponent(item), encoding: .utf8))
        try site.write(text.replacingOccurrences(of: "\"venue\":{}", with: "\"venue\":\"Kesey Farm\""), to: item)
        try site.build(date: "2026-11-22")
        try Self.expectSameAsClean(site, date: "2026-11-22")

        try site.remove("Content/archive/GratefulDead/search-3.json")
        try site.write(try TestPaths.fixture("archive/item-partial-date.json"), to: "Content/archive/Phish/items/gd1966-xx-xx.sbd.studio.81259.flac16.json")
        try site.build(date: "2026-11-22")
        try Self.expectSameAsClean(site, date: "2026-11-22")

        let report = try site.build(date: "2026-05-20")
        #expect(report.rendered.contains("index.html"))
        try Self.expectSameAsClean(site, date: "2026-05-20")
    }
}
