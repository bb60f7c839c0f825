import Foundation
@testable import SitegenCore
import Testing
@testable import SitegenArchive

@Suite("Archive page models")
struct ArchivePageModelTests {
    func section(settings: String? = nil, today: String = "2026-11-22") throws -> (ArchiveSection, [Page], ArchiveFixtureSite) {
        let site = try ArchiveFixtureSite(ArchiveFixtureSite.standard)
        let section = try #require(try site.load(settings: settings))
        let clock = BuildClock(today: LocalDate(iso: today)!, timeZone: TimeZone(identifier: "UTC")!)
        return (section, section.pages(PageContext(config: SiteConfig().english, clock: clock)), site)
    }

    func model<T>(_ path: String, in pages: [Page], as type: T.Type) throws -> T {
        let page = try #require(pages.first { $0.path.value == path }, "\(path)")
        guard let typed = try page.viewModel as? T else {
            throw SitegenError("no \(T.self) at \(path)")
        }
        return typed
    }

    @Test("pages in a fixed order, each path once, with their inputs")
    func order() throws {
        let (_, pages, _) = try section()
        let paths = pages.map(\.path.value)
        #expect(Set(paths).count == paths.count)
        #expect(paths.prefix(3) == ["artists/", "artists/grateful-dead/", "artists/grateful-dead/1966-xx-xx/"])
        #expect(paths.last { $0.hasSuffix("/") } == "on-this-day/11-22/")
        #expect(paths.filter { !$0.hasSuffix("/") }.allSatisfy { $0.hasPrefix("random-concert/") && $0.hasSuffix(".json") })
        let (_, again, _) = try section()
        #expect(again.map(\.path.value) == paths)
        let recording = try #require(pages.first { $0.path.value == "recordings/gd1990-04-03.aud.bertha.12345.flac16/" })
        // The file it was read from; the rest of what it shows is in what its lazy model knows,
        // which the page's fingerprint holds.
        #expect(recording.inputs == [.content("archive/GratefulDead/search-1.json")])
        #expect(try recording.fingerprintedModel is RecordingPageModel)
    }

    @Test("artist page: years newest first by default, oldest first by setting, unknown year last")
    func yearOrder() throws {
        let (_, pages, _) = try section()
        let newest = try model("artists/grateful-dead/", in: pages, as: ArtistPageModel.self)
        #expect(newest.years.map(\.year) == ["1997", "1990", "1977", "1970", "1966"])
        #expect(newest.summary == "7 concerts · 8 recordings · 1966–1997")
        let (_, oldestPages, _) = try section(settings: "archive:\n  year_order: oldest_first\n")
        let oldest = try model("artists/grateful-dead/", in: oldestPages, as: ArtistPageModel.self)
        #expect(oldest.years.map(\.year) == ["1966", "1970", "1977", "1990", "1997"])
        #expect(oldest.years[1].cells.map(\.venue) == ["Fillmore East, New York (early show)", "The Fillmore East (late show)", "Kesey Farm"])
    }

    @Test("an artist over the threshold gets one light page per year")
    func yearPages() throws {
        let (_, pages, _) = try section(settings: "archive:\n  year_pages_over: 3\n")
        let artist = try model("artists/grateful-dead/", in: pages, as: ArtistPageModel.self)
        #expect(artist.years.isEmpty)
        #expect(artist.yearLinks.map(\.href) == ["artists/grateful-dead/1997/", "artists/grateful-dead/1990/", "artists/grateful-dead/1977/",
                                                 "artists/grateful-dead/1970/", "artists/grateful-dead/1966/"])
        let year = try model("artists/grateful-dead/1970/", in: pages, as: YearPageModel.self)
        #expect(year.cells.count == 3)
        #expect(year.previous?.href == "artists/grateful-dead/1966/")
        #expect(year.next?.href == "artists/grateful-dead/1977/")
        #expect(!pages.contains { $0.path.value == "artists/phish/1997/" })
    }

    @Test("concert page: recommended first, every recording, previous and next concert")
    func concert() throws {
        let (_, pages, _) = try section()
        let concert = try model("artists/grateful-dead/1990-04-03/", in: pages, as: ConcertPageModel.self)
        #expect(concert.recordings.map(\.identifier) == ["gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644",
                                                         "gd1990-04-03.aud.bertha.12345.flac16"])
        #expect(concert.recordings.map(\.recommended) == [true, false])
        #expect(concert.recordings[0].stars?.average == "4.7")
        #expect(concert.recordings[0].runtime == "2:45:32")
        #expect(concert.previous?.href == "artists/grateful-dead/1977-05-08/")
        #expect(concert.next?.href == "artists/grateful-dead/1997-05-20/")
        #expect(concert.onThisDay?.href == "on-this-day/04-03/")
        let first = try model("artists/grateful-dead/1966-xx-xx/", in: pages, as: ConcertPageModel.self)
        #expect(first.previous == nil)
        #expect(first.date == "1966, date unknown")
        #expect(first.dateISO == "1966")
        #expect(first.onThisDay == nil)
    }

    @Test("recording page: tracks through originals, private files left out, reviews plain")
    func recording() throws {
        let (_, pages, _) = try section()
        let page = try model("recordings/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644/", in: pages, as: RecordingPageModel.self)
        #expect(page.sets.flatMap(\.tracks).map(\.title) == ["Tuning", "Shakedown Street", "Hell In The Bucket", "Sugaree"])
        #expect(page.sets.flatMap(\.tracks).map(\.number) == ["1", "2", "3", "4"])
        #expect(page.sets.flatMap(\.tracks).map(\.segue) == [false, false, true, false])
        #expect(page.sets.flatMap(\.tracks)[1].files.map(\.format) == ["VBR MP3"])
        #expect(page.sets.flatMap(\.tracks)[0].duration == "1:49")
        #expect(page.streamOnly)
        #expect(page.description == nil, "the description was the setlist again (one title misspelt)")
        #expect(["Flac", "24bit Flac", "VBR MP3", "Ogg Vorbis"].map(ArchiveFormat.formatName) == ["FLAC", "24bit FLAC", "VBR MP3", "Ogg Vorbis"])
        let searchOnly = try model("recordings/gd1990-04-03.aud.bertha.12345.flac16/", in: pages, as: RecordingPageModel.self)
        #expect(searchOnly.searchOnly)
        #expect(searchOnly.sets.isEmpty)
    }

    @Test("a recording's tracks are read with its item file and kept packed: its page needs the file no more")
    func tracksKeptFromLoading() throws {
        let (section, pages, site) = try section()
        let path = "recordings/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644/"
        let recording = try #require(section.catalog.recording("gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644"))
        let file = "archive/GratefulDead/items/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644.json"
        #expect(recording.tracks.tracks.map(\.title) == ["Tuning", "Shakedown Street", "Hell In The Bucket", "Sugaree"])
        #expect(section.catalog.recording("gd1990-04-03.aud.bertha.12345.flac16")?.tracks.isEmpty == true, "search rows only")
        try FileManager.default.removeItem(at: site.content.appendingPathComponent(file))
        let page = try #require(pages.first { $0.path.value == path })
        let model = try #require(try page.viewModel as? RecordingPageModel)
        #expect(model.sets.flatMap(\.tracks).map(\.title) == ["Tuning", "Shakedown Street", "Hell In The Bucket", "Sugaree"])
    }

    @Test("on this day across artists and years, and the home block for the build date")
    func onThisDay() throws {
        let (section, pages, _) = try section(today: "2026-05-20")
        let day = try model("on-this-day/05-20/", in: pages, as: OnThisDayModel.self)
        #expect(day.years.map(\.year) == ["1997"])
        #expect(day.years[0].ago == "29 years ago")
        #expect(pages.filter { $0.path.value.hasPrefix("on-this-day/") }.map(\.path.value)
            == ["on-this-day/", "on-this-day/02-14/", "on-this-day/04-03/", "on-this-day/05-08/", "on-this-day/05-20/", "on-this-day/11-22/"])
        let clock = BuildClock(today: LocalDate(iso: "2026-11-22")!, timeZone: TimeZone(identifier: "UTC")!)
        let home = try #require(section.homeBlock(PageContext(config: SiteConfig().english, clock: clock))?.model as? ArchiveHomeModel)
        #expect(home.entries.map(\.artist) == ["Phish"])
        #expect(home.href == "on-this-day/11-22/")
        let quiet = BuildClock(today: LocalDate(iso: "2026-01-01")!, timeZone: TimeZone(identifier: "UTC")!)
        let empty = try #require(section.homeBlock(PageContext(config: SiteConfig().english, clock: quiet))?.model as? ArchiveHomeModel)
        #expect(empty.entries.isEmpty)
        #expect(empty.href == nil)
    }

    @Test("artists index: A–Z with counts and year spans")
    func artists() throws {
        let (_, pages, _) = try section()
        let index = try model("artists/", in: pages, as: ArtistsIndexModel.self)
        #expect(index.letters.map(\.letter) == ["G", "M", "P"])
        #expect(index.letters[1].artists.map(\.name) == ["moe."])
        #expect(index.letters[0].artists[0].years == "1966–1997")
        #expect(index.summary == "3 artists, 9 concerts, 10 recordings")
    }

    @Test("a tile's heading drops a source's labels, a type's name only where the badge says it")
    func sourceLabels() {
        #expect(SelectorTileModel.unlabelled("Audience: Nak 300", family: .audience) == "Nak 300")
        #expect(SelectorTileModel.unlabelled("Source: Audience: Nak 300", family: .audience) == "Nak 300")
        #expect(SelectorTileModel.unlabelled("FM: KSAN", family: .fm) == "KSAN")
        #expect(SelectorTileModel.unlabelled("src:Schoeps", family: .unknown) == "Schoeps")
        // The badge says MTX (from the identifier): "SBD:" tells something it does not.
        #expect(SelectorTileModel.unlabelled("SBD: Sony DAT", family: .matrix) == "SBD: Sony DAT")
        #expect(SelectorTileModel.unlabelled("Aud Jones", family: .audience) == "Aud Jones", "a name, not a label")
        // A station's "broadcast", which the FM badge says already.
        #expect(SelectorTileModel.who(taper: nil, source: "KSAN FM broadcast > cassette", family: .fm) == "KSAN FM")
        #expect(SelectorTileModel.who(taper: nil, source: "KSAN FM broadcast", family: .audience) == "KSAN FM broadcast")
        #expect(SelectorTileModel.who(taper: nil, source: "FM broadcast", family: .fm) == nil)
    }

    /// A tile's source summary is the first line that is not empty; "\r\n" is one character
    /// and ends no line, as when the text was split by `Character`.
    @Test func sourceSummaryIsTheFirstLine() {
        #expect(ArchiveFormat.summary("\n\nSBD > DAT\nsecond") == "SBD > DAT")
        #expect(ArchiveFormat.summary("one line") == "one line")
        #expect(ArchiveFormat.summary("a\r\nb") == "a\r\nb")
        #expect(ArchiveFormat.summary("\n\n") == nil)
        #expect(ArchiveFormat.summary("") == nil)
        #expect(ArchiveFormat.summary(nil) == nil)
        #expect(ArchiveFormat.summary(String(repeating: "x", count: 20), limit: 10) == String(repeating: "x", count: 9) + "…")
    }
}
