import Foundation
import SitegenCore
import Testing

/// A section that starts empty (its folder there, no data) and gets its first data: the
/// incremental build turns the empty state into the listing, byte for byte as a clean build.
@Suite("Incremental builds of an empty section")
struct EmptySectionIncrementalTests {
    @Test func theFirstCalendarInAnEmptyEventsFolder() throws {
        let files = [
            "Content/site.yml": "title: T\nbase_url: https://example.org/\n",
            "Content/news/2026-11-01-a.md": IncrementalBuildTests.post("A", date: "2026-11-01"),
            "Content/events/README.md": "Songkick calendars go here.\n",
        ]
        let site = try TemporarySite(files)
        defer { site.delete() }
        try site.build()
        #expect(site.read("events/index.html")?.contains("<p class=\"empty\">No concerts are listed yet.</p>") == true)
        try IncrementalBuildTests.expectSameAsClean(site)

        let calendar = try String(contentsOf: TestPaths.content.appendingPathComponent("events/24426/calendar-1.json"), encoding: .utf8)
        try site.write(calendar, to: "Content/events/24426/calendar-1.json")
        let report = try site.build()
        #expect(report.written.contains("events/index.html"))
        #expect(site.read("events/index.html")?.contains("class=\"empty\">No concerts are listed yet.") == false)
        #expect(site.read("events/index.html")?.contains("class=\"ev-city card\"") == true)
        try IncrementalBuildTests.expectSameAsClean(site)
    }
}
