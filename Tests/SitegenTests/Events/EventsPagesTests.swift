import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenEvents

@Suite("Events: pages and view models")
struct EventsPagesTests {
    static let yaml = "events:\n  horizon_days: 90\n  preview_count: 3\n  metros:\n    - {id: 35130, name: Twin Cities, lat: 44.9778, lng: -93.2650}\n"

    func pages(today: String = "2013-07-28") throws -> (EventsSection, [Page], PageContext) {
        let site = try EventsFixtureSite(["events/35130/calendar-1.json": "calendar-2013-page1",
                                          "events/35130/calendar-2.json": "calendar-2013-page2",
                                          "events/35130/events/15980844.json": "details-15980844",
                                          "lastfm/artists/alabama-shakes.json": "lastfm-artist"])
        defer { site.remove() }
        let (loaded, context) = try site.load(today: today, yaml: Self.yaml)
        let section = try #require(loaded)
        return (section, section.pages(context), context)
    }

    @Test func pathsInAFixedOrder() throws {
        let (section, pages, context) = try pages()
        let paths = pages.map(\.path.value)
        #expect(Array(paths.prefix(5)) == ["events/", "events/twin-cities/", "events/twin-cities/concerts/",
                                           "events/twin-cities/festivals/", "events/twin-cities/venues/"])
        #expect(paths.contains("events/twin-cities/venues/cabooze/"))
        #expect(!paths.contains { $0.contains("venues/unknown") }) // an unknown venue has no page
        #expect(paths.contains("events/twin-cities/16900001/") && paths.contains("events/twin-cities/16900001.ics"))
        #expect(paths.contains("events/twin-cities/calendar.ics"))
        #expect(!paths.contains("events/twin-cities/16500000/")) // past
        #expect(Set(paths).count == paths.count)
        #expect(section.pages(context).map(\.path) == pages.map(\.path))
        #expect(section.navigation == NavItem(key: "events", path: .page("events"), order: 40))
    }

    /// Every page of the section is made eagerly, so its fingerprint holds its whole model (or
    /// its text): no page lists inputs beside it, which could only drift from what it shows.
    @Test func pagesAreFingerprintedByTheirModelsAlone() throws {
        let (_, pages, _) = try pages()
        #expect(pages.allSatisfy { $0.inputs.isEmpty })
        #expect(EventsSection.inputFolders == ["events", "lastfm/artists", "static/images/lastfm/artists", LastFMArtistFiles.oldFolder])
    }

    @Test func anEventPagesFingerprintFollowsItsData() throws {
        let (section, _, context) = try pages()
        let plan = CityPlan(metro: section.metros[0], settings: section.settings, clock: context.clock, language: context.config.localization)
        let event = try #require(section.event(15980844))
        var changed = event
        changed.venue.street = "1 Other Street"
        func fingerprint(_ event: Event) throws -> String {
            ModelFingerprint.of(try #require(try section.eventPage(event, plan: plan, context: context).fingerprintedModel))
        }
        #expect(try fingerprint(event) == fingerprint(event))
        #expect(try fingerprint(event) != fingerprint(changed))
    }

    @Test func cityPageDaysRowsAndFilters() throws {
        let (_, pages, _) = try pages()
        let city = try #require(pages.first { $0.path.value == "events/twin-cities/" }?.eventsModel(EventsCityModel.self))
        #expect(city.heading == "Concerts in Twin Cities")
        #expect(city.filters.map(\.label) == ["All", "Concerts", "Festivals", "Venues"])
        #expect(city.filters.map(\.current) == [true, false, false, false])
        let today = try #require(city.days.first)
        #expect(today.heading == "Sunday 28 July 2013" && today.badge == "Today" && today.anchor == "d-2013-07-28")
        #expect(today.events.map(\.time) == ["14:00", "17:00", "18:00", "18:00", nil, nil, nil])
        #expect(today.events[4].timeTBA && !today.events[6].timeTBA) // the running festival is "on now"
        #expect(today.events[6].onNow && today.events[6].dateRange == "25–29 July 2013")
        #expect(today.events[6].supportText == "with Tall Ships® Duluth 2013")
        #expect(today.events.first { $0.href == "events/twin-cities/14639484/" }?.headline == "Promise")
        #expect(today.events[2].headline == "Alabama Shakes" && today.events[2].supportText == "with Elegantza!")
        #expect(today.events[2].venueHref == "events/twin-cities/venues/cabooze/")
        let tomorrow = try #require(city.days.dropFirst().first)
        #expect(tomorrow.badge == "Tomorrow")
        #expect(tomorrow.continuing.map(\.headline) == ["Duluth Waterfront/Bayfront Festival Park 2013"])
        #expect(tomorrow.continuing.map(\.untilText) == ["last day"])
        #expect(tomorrow.events.first?.supportText == "with Bahamas, Jeffrey Foucault, The Lowest Pair and Nasty Nate")
        let unknown = try #require(city.days.flatMap(\.events).first { $0.href == "events/twin-cities/16900001/" })
        #expect(unknown.venueHref == nil && unknown.venueName == "Unknown venue")

        let festivals = try #require(pages.first { $0.path.value == "events/twin-cities/festivals/" }?.eventsModel(EventsCityModel.self))
        #expect(festivals.days.flatMap(\.events).allSatisfy { $0.isFestival })
        #expect(festivals.filters.map(\.count) == ["10", "8", "2", "6"])
        let venue = try #require(pages.first { $0.path.value == "events/twin-cities/venues/cabooze/" }?.eventsModel(EventsCityModel.self))
        #expect(venue.days.flatMap(\.events).allSatisfy { $0.venueName == "Cabooze" })
        // A venue's own page does not link each row's venue back to itself; its city's page does.
        #expect(venue.days.flatMap(\.events).allSatisfy { $0.venueHref == nil })
        #expect(venue.venueInfo?.addressLines == ["917 Cedar Ave", "55454"])
    }

    @Test func statusIsMarkedAndNeverDoubled() throws {
        let site = try EventsFixtureSite(["events/7644/calendar-1.json": "calendar-2021"])
        defer { site.remove() }
        let (loaded, context) = try site.load(today: "2021-11-12", yaml: "events:\n  metros:\n    - {id: 7644, name: New York, slug: nyc}\n")
        let pages = try #require(loaded).pages(context)
        let rows = try #require(pages.first { $0.path.value == "events/nyc/" }?.eventsModel(EventsCityModel.self)).days.flatMap(\.events)
        let postponed = try #require(rows.first { $0.href == "events/nyc/39870001/" })
        #expect(postponed.status?.label == "Postponed" && postponed.headline == "Black Cats NYC")
        let event = try #require(pages.first { $0.path.value == "events/nyc/39870002/" })
        let model = try #require(event.eventsModel(EventsEventModel.self))
        #expect(model.status?.kind == "cancelled" && model.statusNote == "This event has been cancelled.")
        #expect(event.meta.title == "Cancelled: Semicolon; Band, With Commas")
        // Shared by mail as it is titled: the status goes along.
        #expect(model.shareMailto.hasPrefix("mailto:?subject=Cancelled%3A%20Semicolon%3B%20Band%2C%20With%20Commas%2C%20"), "\(model.shareMailto)")
        // The home block and the index preview leave cancelled events out.
        let section = try #require(loaded)
        let home = try #require(section.homeBlock(context)?.model as? EventsHomeModel)
        #expect(!home.concerts.contains { $0.href == "events/nyc/39870002/" })
    }

    @Test func eventPageLinks() throws {
        let (_, pages, _) = try pages()
        let shakes = try #require(pages.first { $0.path.value == "events/twin-cities/15980844/" }?.eventsModel(EventsEventModel.self))
        #expect(shakes.headlinersHeading == "Headliner")
        #expect(shakes.headliners.first?.picture?.src.hasSuffix("300x300/8d5f1c0f4a0b4c2f9a7e6b5d4c3b2a19.png") == true)
        #expect(shakes.headliners.first?.bio?.hasPrefix("Alabama Shakes are an American rock band") == true)
        #expect(shakes.videoSearch == "https://www.youtube.com/results?search_query=Alabama%20Shakes")
        #expect(shakes.venue.mapURL == "https://www.openstreetmap.org/?mlat=44.96338&mlon=-93.24680#map=16/44.96338/-93.24680")
        #expect(shakes.venue.venueSongkickURL == nil)
        #expect(shakes.venue.distanceText == "2.1 km from the centre of Twin Cities")
        #expect(shakes.venue.website == "http://www.cabooze.com")
        #expect(shakes.shareURL == "https://example.org/music/events/twin-cities/15980844/")
        #expect(shakes.shareMailto.hasPrefix("mailto:?subject=Alabama%20Shakes%2C%20Sunday%2028%20July%202013&body="))
        #expect(shakes.shareMailto.contains("%0A%0Ahttps%3A%2F%2Fexample.org%2Fmusic%2Fevents%2Ftwin-cities%2F15980844%2F"))
        #expect(shakes.songkickURL?.hasPrefix("http://www.songkick.com/concerts/15980844") == true)
        #expect(shakes.dayHref == "events/twin-cities/#d-2013-07-28" && shakes.calendarHref == "events/twin-cities/15980844.ics")

        let promise = try #require(pages.first { $0.path.value == "events/twin-cities/14639484/" }?.eventsModel(EventsEventModel.self))
        #expect(promise.venue.mapURL == nil && promise.venue.distanceText == nil)
        #expect(promise.venue.venueSongkickURL?.hasPrefix("http://www.songkick.com/venues/2085279") == true)
        let legends = try #require(pages.first { $0.path.value == "events/twin-cities/16669379/" }?.eventsModel(EventsEventModel.self))
        #expect(legends.noLineup && legends.videoSearch == nil && legends.heading == "Legends in concert 2013")
    }

    @Test func percentEncodingForLinks() throws {
        #expect(EventText.videoSearch("Sigur Rós & <b>") == "https://www.youtube.com/results?search_query=Sigur%20R%C3%B3s%20%26%20%3Cb%3E")
        let newYear = (try #require(LocalDate(iso: "2026-12-30")), try #require(LocalDate(iso: "2027-01-02")))
        #expect(TestLanguage.english.range(newYear.0, newYear.1) == "30 December 2026 – 2 January 2027")
        let autumn = (try #require(LocalDate(iso: "2026-11-28")), try #require(LocalDate(iso: "2026-12-02")))
        #expect(TestLanguage.english.range(autumn.0, autumn.1) == "28 November – 2 December 2026")
        #expect(WebURL.http("javascript:alert(1)") == nil && WebURL.website("javascript:alert(1)") == nil)
    }

    @Test func indexAndHomePreviews() throws {
        let (section, pages, context) = try pages()
        let index = try #require(pages.first?.eventsModel(EventsIndexModel.self))
        #expect(index.cities.map(\.name) == ["Twin Cities"])
        #expect(index.cities[0].concerts.count == 3 && index.cities[0].concerts[0].dateLabel == "Sun 28 Jul")
        let home = try #require(section.homeBlock(context)?.model as? EventsHomeModel)
        #expect(home.heading == "Next concerts in Twin Cities" && home.concerts.map(\.headline) == ["Shell", "Legends in concert 2013", "Alabama Shakes"])
    }

    /// A city whose calendar cannot be read publishes no calendar.ics and links none: an empty
    /// one would wipe subscribers' calendars; without one, their programs keep what they had.
    /// A readable but empty calendar is real data: its (empty) calendar.ics stays.
    @Test func anUnavailableCityHasNoCalendarFile() throws {
        let yaml = "events:\n  metros:\n    - {id: 35130, name: Twin Cities}\n    - {id: 24426, name: London}\n    - {id: 7644, name: New York}\n"
        let site = try EventsFixtureSite(["events/35130/calendar-1.json": "error-apikey",
                                          "events/7644/calendar-1.json": "calendar-empty"])
        defer { site.remove() }
        let (loaded, context) = try site.load(today: "2013-07-28", yaml: yaml)
        let section = try #require(loaded)
        #expect(section.metros.map(\.isAvailable) == [false, false, true])
        let pages = section.pages(context)
        let calendars = pages.map(\.path.value).filter { $0.hasSuffix(".ics") }
        #expect(calendars == ["events/new-york/calendar.ics"])
        let index = try #require(pages.first?.eventsModel(EventsIndexModel.self))
        #expect(index.cities.map(\.calendarHref) == [nil, nil, "events/new-york/calendar.ics"])
        for slug in ["twin-cities", "london"] {
            let city = try #require(pages.first { $0.path.value == "events/\(slug)/" }?.eventsModel(EventsCityModel.self))
            #expect(city.calendarHref == nil && city.unavailable)
        }
        let newYork = try #require(pages.first { $0.path.value == "events/new-york/" }?.eventsModel(EventsCityModel.self))
        #expect(newYork.calendarHref == "events/new-york/calendar.ics" && !newYork.unavailable)
    }
}
