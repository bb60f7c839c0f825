import Foundation
import Sitegen
import SitegenCore
import Testing

/// Edits of a listener's cache rebuild incrementally to exactly the clean result: the chart
/// pages list every input they are made from, derived values included.
@Suite("Charts incremental builds")
struct ChartsIncrementalTests {
    static let weeks = (0..<6).map { 1_763_294_400 - (5 - $0) * 604_800 } // ending with the week of 16 Nov 2025

    static func chart(_ albums: [(String, Int)], from: Int) -> String {
        let entries = albums.enumerated().map { index, album in
            "{\"artist\":{\"mbid\":\"\",\"#text\":\"Band\"},\"@attr\":{\"rank\":\"\(index + 1)\"},\"mbid\":\"\",\"playcount\":\"\(album.1)\",\"name\":\"\(album.0)\",\"url\":\"https://www.last.fm/music/Band/\(album.0)\"}"
        }.joined(separator: ",")
        return "{\"weeklyalbumchart\":{\"album\":[\(entries)],\"@attr\":{\"user\":\"ybsc\",\"from\":\"\(from)\",\"to\":\"\(from + 604_800)\"}}}"
    }

    static func site() throws -> TemporarySite {
        let list = weeks.map { "{\"#text\":\"\",\"from\":\"\($0)\",\"to\":\"\($0 + 604_800)\"}" }.joined(separator: ",")
        var files: [String: String] = [
            "Content/site.yml": "title: T\nbase_url: https://example.org/\ntime_zone: UTC\ncharts:\n  min_plays: 2\n",
            "Content/charts/ybsc/user.json": try ChartsContent.fixture("userinfo-2020"),
            "Content/charts/ybsc/weeklychartlist.json": "{\"weeklychartlist\":{\"chart\":[\(list)],\"@attr\":{\"user\":\"ybsc\"}}}",
            "Content/charts/albums/band--a.json": try ChartsContent.fixture("albuminfo-partial"),
        ]
        for (index, from) in weeks.enumerated() where index != 2 {
            files["Content/charts/ybsc/weeks/\(from)-\(from + 604_800).json"] = chart([("A", 9 - index), ("B", 5), ("C", index)], from: from)
        }
        return try TemporarySite(files)
    }

    @Test("changing an earlier week changes movement on later pages, and only what depends on it")
    func editEarlierWeek() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build()
        let from = Self.weeks[3]
        try site.write(Self.chart([("C", 20), ("B", 5)], from: from), to: "Content/charts/ybsc/weeks/\(from)-\(from + 604_800).json")
        let report = try site.build()
        #expect(report.rendered.contains("charts/ybsc/weeks/\(Self.weeks[4])/index.html"), "movement of the next week changed")
        #expect(!report.rendered.contains("charts/ybsc/weeks/\(Self.weeks[0])/index.html"), "an older week is untouched")
        try IncrementalBuildTests.expectSameAsClean(site)
    }

    @Test("adding, removing and corrupting cached weeks, album info and the date")
    func editSequence() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build()
        let missing = Self.weeks[2]
        try site.write(Self.chart([("D", 4)], from: missing), to: "Content/charts/ybsc/weeks/\(missing)-\(missing + 604_800).json")
        try site.build()
        try IncrementalBuildTests.expectSameAsClean(site)
        try site.write(try ChartsContent.fixture("error-6"), to: "Content/charts/ybsc/weeks/\(Self.weeks[4])-\(Self.weeks[4] + 604_800).json")
        try site.build()
        try IncrementalBuildTests.expectSameAsClean(site)
        try site.remove("Content/charts/albums/band--a.json")
        try site.build()
        try IncrementalBuildTests.expectSameAsClean(site)
        // Caching album info again brings the cover back to the week tables and album pages.
        try site.write(try ChartsContent.fixture("albuminfo-partial"), to: "Content/charts/albums/band--a.json")
        let report = try site.build()
        #expect(report.rendered.contains("charts/ybsc/weeks/\(Self.weeks[0])/index.html"), "the week showing album A")
        try IncrementalBuildTests.expectSameAsClean(site)
        try site.remove("Content/charts/ybsc/weeks/\(Self.weeks[0])-\(Self.weeks[0] + 604_800).json")
        try site.build(date: "2026-11-29")
        try IncrementalBuildTests.expectSameAsClean(site, date: "2026-11-29")
        try site.write("title: T\nbase_url: https://example.org/\ntime_zone: UTC\ncharts:\n  min_plays: 6\n", to: "Content/site.yml")
        try site.build(date: "2026-11-29")
        try IncrementalBuildTests.expectSameAsClean(site, date: "2026-11-29")
    }
}
