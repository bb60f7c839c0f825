import Foundation
import SitegenCore
import Testing
@testable import SitegenCharts

private func cursor(_ name: String) throws -> JSONCursor {
    JSONCursor(try JSON.parse(Data(try ChartsContent.fixture(name).utf8), file: name + ".json"), file: name + ".json")
}

@Suite("Last.fm reader: every quirk of formats.md §B")
struct LastFMReaderTests {
    @Test("2020 weekly album chart: string numbers, escaped slashes, empty mbids, tied play counts")
    func chart2020() throws {
        let entries = try LastFMReader.albumChart(try cursor("weeklyalbumchart-2020"), warnings: WarningLog())
        #expect(entries.count == 8)
        #expect(entries[0].plays == 22 && entries[0].rank == 1)
        #expect(entries[0].url == "https://www.last.fm/music/PUP/Live+at+The+Electric+Ballroom")
        #expect(entries[1].key.mbid == nil, "mbid \"\" is no mbid")
        #expect(entries[2].key.mbid == "5b1f2c7e-9b0a-4c1e-8d0a-3f3c2e7a9d11", "album mbid kept when the artist has none")
        #expect(entries[5].rank == 6 && entries[6].rank == 7 && entries[5].plays == entries[6].plays)
    }

    @Test("2024 chart: numbers as numbers, and a null play count unknown (never 0)")
    func chart2024() throws {
        let entries = try LastFMReader.albumChart(try cursor("weeklyalbumchart-2024"), warnings: WarningLog())
        #expect(entries.map(\.plays) == [41, 17, nil])
        #expect(entries.map(\.rank) == [1, 2, 3])
    }

    @Test("a week with one album sends an object, not a list")
    func singleAlbum() throws {
        let entries = try LastFMReader.albumChart(try cursor("weeklyalbumchart-single"), warnings: WarningLog())
        #expect(entries.map(\.album) == ["In Rainbows"])
    }

    @Test("an empty week: `album: []`, or no `album` key at all")
    func emptyWeeks() throws {
        #expect(try LastFMReader.albumChart(try cursor("weeklyalbumchart-empty"), warnings: WarningLog()).isEmpty)
        #expect(try LastFMReader.albumChart(try cursor("weeklyalbumchart-nokey"), warnings: WarningLog()).isEmpty)
    }

    @Test("an error body is recognised before decoding, with its code and message")
    func errorBody() throws {
        #expect(LastFMError.found(in: try cursor("error-6")) == LastFMError(code: 6, message: "User not found"))
        #expect(LastFMError.found(in: try cursor("error-friends"))?.message == "no such page")
        #expect(LastFMError.found(in: try cursor("weeklyalbumchart-2020")) == nil)
        // An `error` that is not Last.fm's number is still an error body, and said as it is.
        let text = JSONCursor(try JSON.parse(Data(#"{"error": "Invalid API key"}"#.utf8), file: "user.json"), file: "user.json")
        #expect(LastFMError.found(in: text)?.description == #"Last.fm error "Invalid API key": no message"#)
    }

    @Test("a shape that cannot be read throws with the file and JSON path")
    func shapeError() throws {
        let root = try cursor("userinfo-2020")
        #expect(throws: SitegenError.self) { try LastFMReader.albumChart(root, warnings: WarningLog()) }
        do {
            _ = try LastFMReader.albumChart(root, warnings: WarningLog())
        } catch {
            #expect(error.location?.file == "userinfo-2020.json")
            #expect(error.location?.jsonPath == "$.weeklyalbumchart")
        }
    }

    @Test("week list: strings of Unix seconds from 1108296000; one week as an object; no `chart` key")
    func chartLists() throws {
        let weeks = try LastFMReader.chartList(try cursor("weeklychartlist"))
        #expect(weeks.first == ChartWeek(from: 1_108_296_000, to: 1_108_900_800))
        #expect(weeks.count == 4)
        #expect(try LastFMReader.chartList(try cursor("weeklychartlist-single")).count == 1)
        #expect(try LastFMReader.chartList(try cursor("weeklychartlist-nochart")).isEmpty)
    }

    @Test("album.getInfo 2020: images chosen by size, the 300x300 entries collapse into one")
    func albumInfo2020() throws {
        let info = try LastFMReader.albumInfo(try cursor("albuminfo-2020"), file: "x", warnings: WarningLog())
        let art = try #require(info.artwork)
        #expect(art.variants.map(\.pixels) == [34, 64, 174, 300])
        #expect(art.best(forAtLeast: 112)?.url.contains("/174s/") == true)
        #expect(art.best(forAtLeast: 600)?.pixels == 300, "falls back to the largest")
        #expect(info.tags == ["2013", "pop punk"])
        #expect(info.trackCount == 2)
        #expect(info.summary == "Paramore is the fourth studio album by American rock band Paramore.")
    }

    @Test("album.getInfo 2024: tags \"\", no tracks key, number userplaycount, placeholder star images")
    func albumInfo2024() throws {
        let info = try LastFMReader.albumInfo(try cursor("albuminfo-2024"), file: "x", warnings: WarningLog())
        #expect(info.artwork == nil, "the placeholder star is no image")
        #expect(info.tags.isEmpty)
        #expect(info.trackCount == 0)
    }

    @Test("album.getInfo with all image URLs empty, one track and one tag as objects")
    func albumInfoObjects() throws {
        let info = try LastFMReader.albumInfo(try cursor("albuminfo-noimages"), file: "x", warnings: WarningLog())
        #expect(info.artwork == nil)
        #expect(info.trackCount == 1)
        #expect(info.tags == ["shoegaze"])
    }

    @Test("only small sizes present: the largest non-empty one is used")
    func partialImages() throws {
        let art = try #require(try LastFMReader.albumInfo(try cursor("albuminfo-partial"), file: "x", warnings: WarningLog()).artwork)
        #expect(art.best(forAtLeast: 112)?.pixels == 64)
    }

    @Test("user.getInfo: registered from unixtime whether #text is an int or a date string")
    func profiles() throws {
        let chris = try LastFMReader.profile(try cursor("userinfo-2020"), warnings: WarningLog())
        #expect(chris.registered == 1_200_017_507)
        #expect(chris.playcount == 88865)
        #expect(chris.realName == "Christopher Trott")
        #expect(chris.avatar != nil)
        let typhoon = try LastFMReader.profile(try cursor("userinfo-2023"), warnings: WarningLog())
        #expect(typhoon.registered == 1_480_776_300)
        #expect(typhoon.realName == nil && typhoon.country == nil, "\"\" and \"None\" are nothing")
        #expect(typhoon.avatar == nil)
        #expect(UTCDateTime.seconds("2016-12-03 14:45") == 1_480_776_300)
    }

    @Test("friends: a list, or one friend as an object")
    func friends() throws {
        #expect(try LastFMReader.friends(try cursor("friends")) == ["aidan-", "Stranger"])
        #expect(try LastFMReader.friends(try cursor("friends-single")) == ["ybsc"])
    }
}
