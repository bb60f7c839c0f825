import Foundation
import SitegenCore
import Testing
@testable import SitegenArchive
@testable import SitegenCharts

/// A venue or artist the data does not name is nil in the domain model, never an English
/// stand-in: the pages say "unknown" in the site's language (Templates/strings).
@Suite("Unknown names are worded by the site's language")
struct UnknownNamesTests {
    static func german() throws -> SiteLanguage {
        let url = TestPaths.templates.appendingPathComponent("strings/de.yml")
        let parsed = try SiteStrings.parse(String(contentsOf: url, encoding: .utf8), file: "de.yml")
        return SiteLanguage(strings: SiteStrings(texts: parsed.values, locale: parsed.locale), language: "de")
    }

    @Test("a concert whose recordings name no venue has none, and its cell says so in German")
    func archiveVenue() throws {
        let date = ConcertDate(year: 1977, month: 5, day: 8)
        let recordings = [Recording(identifier: "a", collection: "GratefulDead", date: date, venue: "Unknown", type: .unknown),
                          Recording(identifier: "b", collection: "GratefulDead", date: date, venue: nil, type: .unknown)]
        let catalog = try CatalogBuilder.build(["GratefulDead": recordings], jobs: 1)
        let concert = try #require(catalog.concerts.first)
        #expect(concert.venue == nil)
        let links = ArchiveLinks(recordingSlugs: catalog.recordingSlugs, language: try Self.german())
        let cell = ConcertCellModel(concert, artist: catalog.artists[0], links: links)
        #expect(cell.venue == "Unbekannter Ort")
        // The search's detail lines word an unknown type too.
        #expect(ArchiveFormat.type(.unknown, links.language) == "unbekannt" && ArchiveFormat.type(.soundboard, links.language) == "SBD")
    }

    @Test("a placeholder venue or city (n/a, ??) is no place: not on the pages, in favourites or in search")
    func placeholderPlaces() throws {
        let (site, _) = try GermanSiteTests.build(language: "en") { content in
            let item = content.appendingPathComponent("archive/GratefulDead/items/gd1995-07-09.sbd.miller.114369.flac16.json")
            let text = try String(contentsOf: item, encoding: .utf8)
            let changed = text.replacingOccurrences(of: #""venue": ?"[^"]*""#, with: #""venue": "n/a""#, options: .regularExpression)
                .replacingOccurrences(of: #""coverage": ?"[^"]*""#, with: #""coverage": "??""#, options: .regularExpression)
            #expect(changed != text)
            try changed.write(to: item, atomically: true, encoding: .utf8)
        }
        defer { site.delete() }
        let page = try #require(site.read("recordings/gd1995-07-09.sbd.miller.114369.flac16/index.html"))
        #expect(!page.contains("· n/a") && !page.contains(", n/a") && !page.contains("· ??"))
        let searched = site.outputFiles().filter { $0.key.hasPrefix("search-archive/") }.values.map { String(decoding: $0, as: UTF8.self) }
        #expect(!searched.contains { $0.contains("\"n/a\"") || $0.contains("· ??") })
        // An unknown type and an unknown venue are left out of a favourite's detail line.
        let unknownType = try #require(site.read("recordings/gd1971-04-29.28342.shnf/index.html"))
        #expect(!unknownType.contains("data-fav-detail=\"unknown"))
    }

    @Test("search details give dates in the site's language, not as the data writes them")
    func searchDates() throws {
        let (site, _) = try GermanSiteTests.build()
        defer { site.delete() }
        let searched = site.outputFiles().filter { $0.key.hasPrefix("search-") }.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(!searched.contains("1966-??-??") && !searched.contains("· 1977-05-08 ·"))
        #expect(searched.contains("8. Mai 1977"))
    }

    @Test("a recording's title reads as a sentence without a venue or with half a date")
    func recordingTitles() throws {
        let german = try Self.german()
        #expect(ArchiveFormat.recordingTitle(artist: "Grateful Dead", venue: nil, date: ConcertDate(year: 1966, month: nil, day: nil), german)
            == "Grateful Dead live, 1966, Datum unbekannt")
        #expect(ArchiveFormat.recordingTitle(artist: "Grateful Dead", venue: "Fillmore", date: ConcertDate(year: 1966, month: nil, day: nil), german)
            == "Grateful Dead live in Fillmore, 1966, Datum unbekannt")
        #expect(ArchiveFormat.recordingTitle(artist: "Grateful Dead", venue: "Fillmore", date: ConcertDate(year: 1966, month: 5, day: 8), german)
            == "Grateful Dead live in Fillmore am 8. Mai 1966")
    }

    @Test("a chart entry without an artist has none; its row says so in German")
    func chartArtist() throws {
        let text = #"{"weeklyalbumchart": {"album": [{"name": "Untitled", "playcount": "3", "@attr": {"rank": "1"}}]}}"#
        let root = JSONCursor(try JSON.parse(Data(text.utf8), file: "week.json"), file: "week.json")
        let entries = try LastFMReader.albumChart(root, warnings: WarningLog())
        #expect(entries.map(\.artist) == [nil])
        #expect(entries.map(\.album) == ["Untitled"])
    }
}
