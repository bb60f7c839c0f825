import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenEvents

@Suite("Events: reading Songkick caches")
struct EventsLoaderTests {
    static let twinCities = "events:\n  metros:\n    - {id: 35130, name: Twin Cities, slug: twin-cities, lat: 44.9778, lng: -93.2650}\n"
    static let newYork = "events:\n  metros:\n    - {id: 7644, name: New York}\n"

    @Test func calendarPagesAreNamedOneWay() {
        #expect(EventsCacheFiles.calendarPageNumber(EventsCacheFiles.calendarPage(10)) == 10)
        #expect(EventsCacheFiles.calendarPageNumber("calendar-0.json") == 0 && EventsCacheFiles.calendarPageNumber("calendar--2.json") == -2,
                "numbered below 1: the loader names them")
        // Only .json files are pages: fetch once took `calendar-100.old` for page 10 and removed it.
        // Nor are numbers written otherwise than fetch writes them: fetch's cleanup would take
        // a hand-made calendar-007.json for page 7 and remove it.
        for name in ["calendar-100.old", "calendar.json", "calendar-x.json", "search-1.json", "calendar-03.json", "calendar-+3.json",
                     "calendar-.json", "calendar--.json", "calendar-1e3.json"] {
            #expect(EventsCacheFiles.calendarPageNumber(name) == nil, "\(name)")
        }
    }

    @Test func readsThe2013ShapeWithItsNulls() throws {
        let site = try EventsFixtureSite(["events/35130/calendar-1.json": "calendar-2013-page1"])
        defer { site.remove() }
        let section = try #require(try site.load(today: "2013-07-28", yaml: Self.twinCities).0)
        #expect(section.metros.map(\.name) == ["Twin Cities"])
        #expect(section.metros[0].slug == "twin-cities")

        let promise = try #require(section.event(14639484))
        #expect(promise.title == "Promise", "the name part of Songkick's \"Promise at Church of the Nazarene (July 28, 2013)\"")
        #expect(promise.venue.coordinate == nil && promise.location == nil)
        #expect(promise.start.time == LocalTime("18:00"))
        #expect(promise.start.utcOffset == -5 * 3600) // "-0500", no colon
        #expect(promise.status == .ok && promise.endDate == nil && promise.seriesName == nil)

        let unknown = try #require(section.event(16900001))
        #expect(unknown.venue.id == nil && unknown.venue.uri == nil && unknown.venue.name == nil, "the model carries no stand-in: pages word it")

        let noLineup = try #require(section.event(16669379))
        #expect(noLineup.headliners.isEmpty && noLineup.support.isEmpty)
        #expect(noLineup.isFestival && !noLineup.isMultiDay) // end on the same day is no range
        #expect(noLineup.leadName == "Legends in concert 2013")

        let tba = try #require(section.event(16803949))
        #expect(tba.start.time == nil && tba.start.utcOffset == nil)

        let festival = try #require(section.event(16210919))
        #expect(festival.endDate == LocalDate(iso: "2013-07-29"))
        #expect(festival.seriesName == "Duluth Waterfront/Bayfront Festival Park")
        #expect(site.warningText.isEmpty)
    }

    @Test func headlinersFollowBillingIndexAndTheRestSupport() throws {
        let site = try EventsFixtureSite(["events/35130/calendar-1.json": "calendar-2013-page1"])
        defer { site.remove() }
        let event = try #require(try site.load(today: "2013-07-28", yaml: Self.twinCities).0?.event(16464894))
        #expect(event.headliners.map(\.name) == ["Gregory Alan Isakov"])
        #expect(event.support.map(\.name) == ["Bahamas", "Jeffrey Foucault", "The Lowest Pair", "Nasty Nate"])
    }

    @Test func readsThe2010ShapeWithoutBillingOrIds() throws {
        let site = try EventsFixtureSite(["events/9426/calendar-1.json": "calendar-2010"])
        defer { site.remove() }
        let section = try #require(try site.load(today: "2010-04-01").0)
        #expect(section.metros[0].name == nil) // not listed in site.yml, no metroArea in the 2010 shape
        // Its pages word it in the site's language (strings' `metro_unnamed`), not in Swift.
        let (_, context) = try site.load(today: "2010-04-01")
        let calendar = try #require(section.pages(context).first { $0.path.value == "events/metro-9426/calendar.ics" }?.eventsText)
        #expect(calendar.contains("X-WR-CALNAME:Concerts in Metro 9426"))
        let swift = try #require(section.event(2760721))
        #expect(swift.status == .ok)
        #expect(swift.headliners.map(\.name) == ["Taylor Swift"])
        #expect(swift.support.map(\.name) == ["Kellie Pickler", "Gloriana"])
        #expect(swift.headliners[0].uri == nil)
        #expect(swift.start.time == LocalTime("19:00") && swift.start.utcOffset == nil)
        #expect(swift.uri == "http://www.songkick.com/concerts/2760721?utm_source=791&utm_medium=partner")
        let noTime = try #require(section.event(4204676))
        #expect(noTime.start.time == nil && noTime.headliners.map(\.name) == ["Kellie Pickler"])
    }

    @Test func readsThe2021ShapeAndStripsLeakedStatus() throws {
        let site = try EventsFixtureSite(["events/7644/calendar-1.json": "calendar-2021"])
        defer { site.remove() }
        let section = try #require(try site.load(today: "2021-11-12", yaml: Self.newYork).0)
        let postponed = try #require(section.event(39870001))
        #expect(postponed.status == .postponed)
        // Without the leaked "(POSTPONED)", and without the date and venue a concert's name has.
        #expect(postponed.title == "Black Cats NYC, Hollis Brown, The Ruby Dear, and 1 more…")
        let cancelled = try #require(section.event(39870002))
        #expect(cancelled.status == .cancelled && cancelled.title?.contains("CANCELLED") == false)
        #expect(cancelled.ageRestriction == nil) // ""
        #expect(section.event(39870003)?.ageRestriction == "21+")
        let festival = try #require(section.event(40023714))
        #expect(festival.headliners.map(\.name) == ["Michael Collins", "Dave Rave", "Holy Tunics"])
        #expect(festival.start.time == nil && festival.lastDate == LocalDate(iso: "2021-11-14"))
    }

    @Test func leakedStatusCountsWhenStatusIsMissing() {
        let (title, status) = SongkickDecoder.cleanTitle("X at Y (May 1, 2010) (CANCELLED) (POSTPONED) ")
        #expect(title == "X at Y (May 1, 2010)")
        #expect(status == .postponed)
    }

    @Test func offsetsWithAndWithoutColon() {
        #expect(SongkickDecoder.parseDatetime("2013-07-28T18:00:00-0600")?.offset == -21600)
        #expect(SongkickDecoder.parseDatetime("2011-05-11T20:00:00+0100")?.offset == 3600)
        #expect(SongkickDecoder.parseDatetime("2011-05-11T20:00:00+05:30")?.offset == 19800)
        #expect(SongkickDecoder.parseDatetime("2011-05-11T20:00:00Z")?.offset == 0)
        #expect(SongkickDecoder.parseDatetime("2011-05-11T20:00:00")?.offset == nil)
        #expect(SongkickDecoder.parseDatetime("2011-05-11T25:00:00+0100") == nil)
    }

    @Test func pagesInNumericOrderAndTheFirstCopyWins() throws {
        let site = try EventsFixtureSite(["events/35130/calendar-2.json": "calendar-2013-page2",
                                          "events/35130/calendar-10.json": "calendar-2013-page10"])
        defer { site.remove() }
        let section = try #require(try site.load(today: "2013-07-28", yaml: Self.twinCities).0)
        #expect(section.metros[0].events.filter { $0.id == 16464894 }.count == 1)
        #expect(section.event(16464894)?.title == "Gregory Alan Isakov (copy on page 2)")
    }

    @Test func singleObjectEmptyResultsAndErrorEnvelopes() throws {
        let site = try EventsFixtureSite(["events/7644/calendar-1.json": "calendar-single-object",
                                          "events/7644/calendar-2.json": "calendar-empty",
                                          "events/7644/calendar-3.json": "error-apikey",
                                          "events/7644/calendar-4.json": "user-calendar"])
        defer { site.remove() }
        let section = try #require(try site.load(today: "2021-11-12", yaml: Self.newYork).0)
        #expect(section.metros[0].events.map(\.id) == [39870003])
        // A user's calendar is another method's answer: its events may be anywhere.
        #expect(site.warningText == ["Content/events/7644/calendar-3.json: warning: Songkick error response: Invalid or missing apikey; the file is ignored",
                                     "Content/events/7644/calendar-4.json: warning: looks like a user's calendar (calendarEntry), not the calendar of metro area 7644; ignored"])
    }

    @Test func brokenFilesStopTheBuildNamingFileAndPath() throws {
        let broken = try EventsFixtureSite(["events/7644/calendar-1.json": "broken"])
        defer { broken.remove() }
        let error = #expect(throws: SitegenError.self) { try broken.load(today: "2021-11-12", yaml: Self.newYork) }
        #expect(error?.location?.file == "Content/events/7644/calendar-1.json")
        #expect(error?.message.contains("not valid JSON") == true)

        let shape = try EventsFixtureSite(["events/7644/calendar-1.json": "not-songkick"])
        defer { shape.remove() }
        let shapeError = #expect(throws: SitegenError.self) { try shape.load(today: "2021-11-12", yaml: Self.newYork) }
        #expect(shapeError?.description.contains("Content/events/7644/calendar-1.json at $") == true)
        #expect(shapeError?.message.contains("resultsPage") == true)
    }

    @Test func eventDetailsAddTheVenueAddress() throws {
        let site = try EventsFixtureSite(["events/35130/calendar-1.json": "calendar-2013-page1",
                                          "events/35130/events/15980844.json": "details-15980844",
                                          "events/35130/events/16464894.json": "details-16464894",
                                          "events/35130/events/16669379.json": "resource-not-found"])
        defer { site.remove() }
        let section = try #require(try site.load(today: "2013-07-28", yaml: Self.twinCities).0)
        let cabooze = try #require(section.event(15980844)?.venue)
        #expect(cabooze.street == "917 Cedar Ave" && cabooze.zip == "55454")
        #expect(cabooze.website == "http://www.cabooze.com")
        #expect(cabooze.phone == nil && cabooze.capacity == nil) // "" and ""
        let cedar = try #require(section.event(16464894))
        #expect(cedar.venue.capacity == 550 && cedar.venue.phone == "612 338 2674")
        #expect(cedar.support.count == 4) // the lineup stays the calendar's
        #expect(site.warningText == ["Content/events/35130/events/16669379.json: warning: Songkick error response: Resource not found; the file is ignored"])
    }

    @Test func lastFmArtistInfoWithItsQuirks() throws {
        let site = try EventsFixtureSite(["events/35130/calendar-1.json": "calendar-2013-page1",
                                          "lastfm/artists/alabama-shakes.json": "lastfm-artist",
                                          "lastfm/artists/promise.json": "lastfm-placeholder",
                                          "lastfm/artists/shell.json": "lastfm-error"])
        defer { site.remove() }
        let section = try #require(try site.load(today: "2013-07-28", yaml: Self.twinCities).0)
        let shakes = try #require(section.artists["lastfm/artists/alabama-shakes.json"])
        #expect(shakes.picture == ArtistInfo.Picture(url: "https://lastfm.freetls.fastly.net/i/u/300x300/8d5f1c0f4a0b4c2f9a7e6b5d4c3b2a19.png", size: 300))
        #expect(shakes.bio == "Alabama Shakes are an American rock band from Athens, Alabama, formed in 2009. The band is fronted by Brittany Howard & features soulful vocals.")
        let promise = try #require(section.artists["lastfm/artists/promise.json"])
        #expect(promise.picture == nil && promise.bio == nil)
        #expect(section.artists["lastfm/artists/shell.json"] == nil)
        #expect(site.warningText.contains { $0.hasPrefix("Content/lastfm/artists/shell.json: warning: Last.fm error 6: The artist you supplied could not be found") })
    }

    @Test func artistInfoInTheOldFolderIsNotReadAndNamedInOneWarning() throws {
        let site = try EventsFixtureSite(["events/35130/calendar-1.json": "calendar-2013-page1",
                                          "charts/artists/alabama-shakes.json": "lastfm-artist",
                                          "charts/artists/promise.json": "lastfm-placeholder"])
        defer { site.remove() }
        let section = try #require(try site.load(today: "2013-07-28", yaml: Self.twinCities).0)
        #expect(section.artists.isEmpty)
        #expect(site.warningText.filter { $0.contains("artists") } == [
            "Content/charts/artists/: warning: Last.fm artist.getInfo answers are read from Content/lastfm/artists/ now, not from "
                + "Content/charts/artists/: headliners get no picture or bio from the 2 files there until moved (`sitegen fetch` moves them)",
        ])
        #expect(EventsSection.inputFolders.contains("charts/artists"), "adding or moving a file there changes the warning")

        // Moved: read, and no warning.
        let moved = site.content.appendingPathComponent("lastfm/artists")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: site.content.appendingPathComponent("charts/artists"), to: moved)
        let again = EventsFixtureSite(content: site.content)
        #expect(try #require(try again.load(today: "2013-07-28", yaml: Self.twinCities).0).artists.count == 2)
        #expect(!again.warningText.contains { $0.contains("artists") })
    }

    @Test func settingsAreCheckedAndMetrosMatchedToFolders() throws {
        let site = try EventsFixtureSite(["events/35130/calendar-1.json": "calendar-2013-page1",
                                          "events/7644/calendar-1.json": "calendar-2021"])
        defer { site.remove() }
        let yaml = "events:\n  horizon: 30\n  metros:\n    - {id: 35130, name: Twin Cities, colour: red}\n    - {id: 24426, name: London}\n"
        let section = try #require(try site.load(today: "2013-07-28", yaml: yaml).0)
        // London has no cache yet: it keeps its pages, which say the listings are not available.
        #expect(section.metros.map(\.id) == [35130, 24426, 7644])
        #expect(section.metros.map(\.name) == ["Twin Cities", "London", "New York (NYC)"])
        #expect(section.metros.map(\.isAvailable) == [true, false, true])
        #expect(section.missingCache().contains { $0.file == "events/24426/calendar-1.json" })
        let warnings = site.warningText
        #expect(warnings.contains { $0.contains("unknown key `horizon` in events settings") && $0.hasPrefix("site.yml:5") })
        #expect(warnings.contains { $0.contains("unknown key `colour` in an events metro") })
        #expect(warnings.contains { $0.contains("metro 24426 (London) is listed in site.yml but has no cached calendar") })
        #expect(warnings.contains { $0.hasPrefix("Content/events/7644: warning: metro 7644 has cached events but is not listed under `events: metros:` in site.yml; shown under Songkick's name") })

        let error = #expect(throws: SitegenError.self) {
            try site.load(today: "2013-07-28", yaml: "events:\n  metros:\n    - {id: 35130, name: X, lat: 95}\n")
        }
        #expect(error?.message.contains("`lat`") == true && error?.location?.line == 6)
    }

    @Test func withoutSettingsEveryCachedMetroIsShownByItsSongkickName() throws {
        let site = try EventsFixtureSite(["events/35130/calendar-1.json": "calendar-2013-page1",
                                          "events/london/calendar-1.json": "calendar-2021"])
        defer { site.remove() }
        let section = try #require(try site.load(today: "2013-07-28").0)
        #expect(section.metros.map(\.name) == ["Twin Cities"] && section.metros[0].slug == "twin-cities")
        #expect(site.warningText == ["Content/events/london: warning: not a Songkick metro area folder (expected events/<metroId>/); ignored"])
        let empty = try EventsFixtureSite([:])
        defer { empty.remove() }
        #expect(try empty.load(today: "2013-07-28").0 == nil)
    }
}
