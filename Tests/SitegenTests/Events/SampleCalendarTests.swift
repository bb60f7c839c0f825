import Foundation
import Testing

/// The sample site's calendars in English, pinned as golden files (the German ones are in
/// GermanSiteTests): a city's calendar, a cancelled concert's and a concert without a line-up's.
@Suite("The sample site's calendars")
struct SampleCalendarTests {
    @Test func goldenCalendars() throws {
        let site = try SampleSite.get().site
        for path in ["events/london/calendar.ics", "events/london/41426264.ics", "events/london/41426299.ics"] {
            try Golden.check(try #require(site.read(path), "no \(path)"), against: "site-en/" + path)
        }
        let city = try #require(site.read("events/london/calendar.ics"))
        #expect(city.contains("SUMMARY:CANCELLED: Lunar Parade at KOKO\r\n"))
        #expect(city.contains("SUMMARY:Sunday Sessions: open stage at EartH\r\n"), "a concert without a line-up keeps its name")
        #expect(city.contains("SUMMARY:Amber Motel\r\n"), "no venue words for an unknown venue")
        #expect(!city.contains("(December") && !city.contains("(November"), "no date from Songkick's title")
    }
}
