import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenEvents

@Suite("Events: rendered pages")
struct EventsRenderingTests {
    func newYork() throws -> ([Page], PageContext) {
        let site = try EventsFixtureSite(["events/7644/calendar-1.json": "calendar-2021"])
        defer { site.remove() }
        let (loaded, context) = try site.load(today: "2021-11-12", yaml: "events:\n  metros:\n    - {id: 7644, name: New York, slug: nyc, lat: 40.71278, lng: -74.00597}\n",
                                              zone: "Europe/London")
        return (try #require(loaded).pages(context), context)
    }

    func twinCities() throws -> ([Page], PageContext) {
        let site = try EventsFixtureSite(["events/35130/calendar-1.json": "calendar-2013-page1",
                                          "events/35130/events/15980844.json": "details-15980844",
                                          "lastfm/artists/alabama-shakes.json": "lastfm-artist"])
        defer { site.remove() }
        // The copy of the headliner's picture fetch made: the golden page shows it, not Last.fm's.
        let copy = site.content.appendingPathComponent("static/images/lastfm/artists/alabama-shakes.png")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try LocalImageTests.png().write(to: copy)
        let (loaded, context) = try site.load(today: "2013-07-28", yaml: EventsPagesTests.yaml)
        return (try #require(loaded).pages(context), context)
    }

    @Test func cityPageGolden() throws {
        let (pages, context) = try newYork()
        try Golden.check(try PageRendering.render("events/nyc/", in: pages, config: context.config), against: "events/city.html")
    }

    @Test func eventPageGolden() throws {
        let (pages, context) = try twinCities()
        try Golden.check(try PageRendering.render("events/twin-cities/15980844/", in: pages, config: context.config),
                         against: "events/event.html")
    }

    @Test func aScriptArtistNameIsEscapedEverywhere() throws {
        let (pages, context) = try newYork()
        for path in ["events/nyc/", "events/nyc/39870005/", "events/"] {
            let html = try PageRendering.render(path, in: pages, config: context.config)
            #expect(!html.contains("<script>alert"), "raw markup from the data on \(path)")
            #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"), "escaped name missing on \(path)")
        }
        let event = try PageRendering.render("events/nyc/39870005/", in: pages, config: context.config)
        #expect(event.contains("search_query=%3Cscript%3Ealert%28%27x%27%29%3C%2Fscript%3E"))
        #expect(event.contains("Ampersand &amp; &quot;Quotes&quot;"))
    }

    @Test func everyPageRendersWithOneHeading() throws {
        for (pages, context) in [try newYork(), try twinCities()] {
            for page in pages where page.eventsText == nil {
                let html = try PageRendering.render(page, config: context.config)
                #expect(html.hasPrefix("<!DOCTYPE html>"), "\(page.path)")
                #expect(html.components(separatedBy: "<h1").count == 2, "one h1 on \(page.path)")
                #expect(html.contains("assets/css/events.css"), "\(page.path)")
            }
        }
    }

    @Test func homeBlockRenders() throws {
        let site = try EventsFixtureSite(["events/7644/calendar-1.json": "calendar-2021"])
        defer { site.remove() }
        let (loaded, context) = try site.load(today: "2021-11-12", yaml: "events:\n  metros:\n    - {id: 7644, name: New York, slug: nyc}\n")
        let section = try #require(loaded)
        let block = try #require(section.homeBlock(context))
        let html = try PageRendering.renderPartial("partials/events/home", model: block.model)
        #expect(html.contains("Next concerts in New York"))
        #expect(html.contains("href=\"events/nyc/39870003/\"") || html.contains("events/nyc/39870003/"))
        #expect(!html.contains("Semicolon")) // cancelled: not among the next concerts
    }
}
