import Foundation
import SitegenCore
import Testing
@testable import SitegenArchive

@Suite("Archive loader")
struct ArchiveLoaderTests {
    @Test("reads advancedsearch and scrape pages and item files into artists and concerts")
    func standardSite() throws {
        let site = try ArchiveFixtureSite(ArchiveFixtureSite.standard)
        let catalog = try #require(try site.load()).catalog
        #expect(catalog.artists.map(\.name) == ["Grateful Dead", "moe.", "Phish"])
        let dead = try #require(catalog.artist("GratefulDead"))
        #expect(dead.recordingCount == 8)
        #expect(catalog.recording("gd1970-02-14.sbd.kesey.3301.flac16")?.downloads == 33)
    }

    @Test("a one-line field has its white space collapsed, in ASCII text and in other text alike")
    func oneLineFields() throws {
        func line(_ text: String) throws -> String? {
            let json = try JSON.parse(Data(try JSONSerialization.data(withJSONObject: [text], options: .fragmentsAllowed)), file: "a.json")
            return RecordingFacts.line(JSONCursor(json, file: "a.json"))
        }
        #expect(try line("  Fillmore\tEast,\r\n New York \u{0B}City\u{0C} ") == "Fillmore East, New York City")
        #expect(try line("Caf\u{E9}\u{A0} du\u{2003}Nord\r\n\tParis ") == "Caf\u{E9} du Nord Paris")
        #expect(try line("<b>Winterland</b>\n\n<br>San Francisco") == "Winterland San Francisco")
        #expect(try line(" \t\r\n ") == nil)
    }

    @Test("a `{}` item is a warning naming the file, and its identifier gets no recording")
    func emptyItem() throws {
        let site = try ArchiveFixtureSite(ArchiveFixtureSite.standard)
        let catalog = try #require(try site.load()).catalog
        #expect(catalog.recording("gd1977-05-08.sbd.hicks.4982.sbeok.shnf") == nil)
        #expect(site.warningTexts.contains {
            $0.hasPrefix("Content/archive/GratefulDead/items/gd1977-05-08.sbd.hicks.4982.sbeok.shnf.json: warning: archive.org returned an empty body `{}`")
        })
    }

    @Test("a recording known only from search still gets its concert, with the search row's facts")
    func searchOnly() throws {
        let catalog = try #require(try ArchiveFixtureSite(ArchiveFixtureSite.standard).load()).catalog
        let aud = try #require(catalog.recording("gd1990-04-03.aud.bertha.12345.flac16"))
        #expect(!aud.hasItemFile)
        #expect(aud.type == .audience)
        #expect(aud.downloads == 812)
        #expect(aud.inputs == ["archive/GratefulDead/search-1.json"])
        let omni = try #require(catalog.concerts.first { $0.recordings.contains { $0.identifier == aud.identifier } })
        #expect(omni.recordings.count == 2)
        #expect(omni.venue == "The Omni")
    }

    @Test("stream-only from the collection, access-restricted-item and private originals")
    func streamOnly() throws {
        let catalog = try #require(try ArchiveFixtureSite(ArchiveFixtureSite.standard).load()).catalog
        let omni = try #require(catalog.recording("gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644"))
        #expect(omni.streamOnly)
        #expect(omni.type == .matrix)
        #expect(catalog.recording("gd1997-xx-xx.swapped.fm.1.flac16")?.streamOnly == false)
        #expect(catalog.recording("gd1990-04-03.aud.bertha.12345.flac16")?.streamOnly == false)

        let restricted = try ArchiveFixtureSite(["archive/X/items/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644.json": "item-stream-only"])
        #expect(try #require(try restricted.load()).catalog.concerts[0].recordings[0].streamOnly)
    }

    @Test("ratings from the search index when given, else computed from rated reviews")
    func ratings() throws {
        let catalog = try #require(try ArchiveFixtureSite(ArchiveFixtureSite.standard).load()).catalog
        let omni = try #require(catalog.recording("gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644")?.rating)
        #expect(omni == Rating(average: 4.67, count: 3))
        let quirks = try #require(catalog.recording("gd1997-xx-xx.swapped.fm.1.flac16"))
        #expect(quirks.rating == Rating(average: 4.5, count: 3))
        #expect(quirks.reviews.map(\.stars) == [4, nil, 5])
        #expect(catalog.recording("ph1997-11-22.sbd.flac16")?.rating == Rating(average: 5, count: 1))
    }

    @Test("metadata values as arrays, {} and strings; collection as a string; reviews with HTML made plain")
    func quirks() throws {
        let catalog = try #require(try ArchiveFixtureSite(ArchiveFixtureSite.standard).load()).catalog
        let item = try #require(catalog.recording("gd1997-xx-xx.swapped.fm.1.flac16"))
        #expect(item.venue == nil, "a placeholder is no venue")
        #expect(item.taper == nil)
        #expect(item.lineage == nil)
        #expect(item.city == "Oakland, CA")
        #expect(item.source == "FM broadcast > cassette")
        #expect(item.type == .fm)
        #expect(item.notes == "first part\n\nsecond part")
        #expect(item.reviews[0].body == "Great show!\nReally great & loud.", "a script's text goes with it")
        #expect(item.reviews[0].date == "2004-06-12")
        #expect(catalog.recording("gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644")?.notes
            == "Notes:\n-- Recorded by Don Pearson and Dan Healy\n-- Thanks to Rob")
    }

    @Test("the legacy details?output=json shape: arrays everywhere, files keyed by path, reviews.info")
    func legacy() throws {
        let section = try #require(try ArchiveFixtureSite(ArchiveFixtureSite.standard).load())
        let show = try #require(section.catalog.recording("ph1997-11-22.sbd.flac16"))
        let tracks = show.tracks.tracks
        #expect(show.title == "Phish Live at Hampton Coliseum on 1997-11-22")
        #expect(show.venue == "Hampton Coliseum")
        #expect(show.type == .soundboard)
        #expect(show.runtimeSeconds == 8890)
        // One track has no number: the file names give the order, and the list numbers itself.
        #expect(tracks.map(\.title) == ["Intro", "Mike's Song", "ph97-11-22d1t03", "Weekapaug Groove"])
        #expect(tracks.map(\.number) == [nil, nil, nil, nil])
        #expect(tracks.map(\.segue) == [false, true, false, true])
        #expect(tracks.map(\.seconds) == [24, 1320.6, 3723, 301])
        #expect(show.downloads == 1234)
        #expect(tracks[1].files.map(\.name) == ["ph97-11-22d1t02.flac", "ph97-11-22d1t02.mp3"])
    }

    @Test("an error envelope in a search page is a warning; an unknown shape is an error with file and path")
    func searchEnvelopes() throws {
        let site = try ArchiveFixtureSite(["archive/X/search-1.json": "search-error", "archive/X/items/gd1966-xx-xx.sbd.studio.81259.flac16.json": "item-partial-date"])
        _ = try site.load()
        #expect(site.warningTexts.contains {
            $0.contains("Content/archive/X/search-1.json at $: warning: archive.org returned an error (Invalid query (collection:))")
        })
        let broken = try ArchiveFixtureSite(["archive/X/search-1.json": "search-unknown-shape"])
        #expect(throws: SitegenError.self) { try broken.load() }
        do {
            _ = try broken.load()
        } catch let error as SitegenError {
            #expect(error.location?.file == "Content/archive/X/search-1.json")
            #expect(error.location?.jsonPath == "$")
            #expect(error.message.contains("response.docs"))
        }
    }

    @Test("a file that is not JSON, or metadata that is not an object, stops the build naming the file")
    func badFiles() throws {
        for (fixture, path) in [("not-json", nil), ("item-metadata-array", "$.metadata")] {
            let site = try ArchiveFixtureSite(["archive/X/items/x.json": fixture])
            do {
                _ = try site.load()
                Issue.record("expected an error for \(fixture)")
            } catch let error as SitegenError {
                #expect(error.location?.file == "Content/archive/X/items/x.json")
                #expect(error.location?.jsonPath == path)
            }
        }
    }

    @Test("JSON files outside the cache layout are warnings naming them")
    func strayFiles() throws {
        let site = try ArchiveFixtureSite(["archive/X/items/gd1966-xx-xx.sbd.studio.81259.flac16.json": "item-partial-date", "archive/X/gd1966.json": "item-partial-date",
                                           "archive/list.json": "search-scrape-2", "archive/X/search.json": "search-scrape-2",
                                           "archive/X/search-0.json": "search-scrape-2", "archive/X/search-01.json": "search-scrape-2",
                                           "archive/X/search-1x.json": "search-scrape-2",
                                           "archive/X/items/old.json/a.json": "item-partial-date", "archive/X/items/notes.txt": "item-partial-date",
                                           "archive/X/search-2.json/a.json": "search-scrape-2"])
        let section = try #require(try site.load())
        // A folder named like an item is a stray, not a file that cannot be read.
        for name in ["old.json", "notes.txt"] {
            #expect(site.warningTexts.contains { $0.hasPrefix("Content/archive/X/items/\(name): warning: not read: Content/archive/X/items/ holds <identifier>.json files") }, "\(name)")
        }
        #expect(site.warningTexts.contains { $0.hasPrefix("Content/archive/X/search-2.json: warning: not read: Content/archive/X/ holds search-1.json") })
        for name in ["gd1966", "search", "search-0", "search-01", "search-1x"] {
            #expect(site.warningTexts.contains { $0.hasPrefix("Content/archive/X/\(name).json: warning: not read: expected search result pages named search-1.json") }, "\(name)")
        }
        #expect(section.catalog.concerts.count == 1, "none of them is read as a listing: only the item is")
        #expect(ArchiveLoader.isSearchPage("search-1.json") && ArchiveLoader.isSearchPage("search-12.json"))
        // The names fetch writes are the names the loader reads.
        #expect(ArchiveCacheFiles.searchPageNumber(ArchiveCacheFiles.searchPage(12)) == 12)
        #expect(site.warningTexts.contains { $0.hasPrefix("Content/archive/list.json: warning: not read: archive files belong in a band collection folder") })
    }

    @Test("no archive folder: the section is left out")
    func noData() throws {
        #expect(try ArchiveFixtureSite([:]).load() == nil)
    }

    @Test("site.yml settings: year order, split threshold, unknown keys and bad values")
    func settings() throws {
        let site = try ArchiveFixtureSite(["archive/X/items/gd1966-xx-xx.sbd.studio.81259.flac16.json": "item-partial-date"])
        let section = try #require(try site.load(settings: "archive:\n  year_order: oldest_first\n  year_pages_over: 2\n  colour: red\n"))
        #expect(!section.settings.newestYearFirst)
        #expect(section.settings.yearPagesOver == 2)
        #expect(site.warningTexts.contains { $0.contains("colour") })
        #expect(throws: SitegenError.self) { try site.load(settings: "archive:\n  year_order: sideways\n") }
    }

    @Test("an item's identifier is its file's name without .json, wherever the file lies")
    func itemIdentifierFromThePath() {
        #expect(ArchiveLoader.itemIdentifier("archive/GratefulDead/items/gd77-05-08.sbd.hicks.json") == "gd77-05-08.sbd.hicks")
        #expect(ArchiveLoader.itemIdentifier("x.json") == "x")
        #expect(ArchiveLoader.itemIdentifier("a/b") == "b")
    }
}
