import Foundation
import Testing

@Suite("Navigation")
struct NavigationTests {
    @Test("heading levels never skip one, on every page of the sample")
    func headingOrder() throws {
        let site = try SampleSite.get().site
        for (path, data) in site.outputFiles() where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            var previous = 0
            for match in html.matches(of: /<h([1-6])[\s>]/) {
                let level = Int(match.output.1)!
                #expect(level <= previous + 1, "\(path): h\(previous) then h\(level)")
                if level > previous + 1 { break }
                previous = level
            }
        }
    }

    @Test("/on-this-day/ lists every day that has concerts and is linked from the artists page")
    func onThisDayIndex() throws {
        let site = try SampleSite.get().site
        let index = try #require(site.read("on-this-day/index.html"))
        let days = site.outputFiles().keys.filter { $0.hasPrefix("on-this-day/") && $0 != "on-this-day/index.html" }
            .map { String($0.dropLast("index.html".count)) }
        #expect(days.count > 20)
        for day in days { #expect(index.contains("href=\"../\(day)\""), "\(day) is listed") }
        #expect(site.read("artists/index.html")?.contains("href=\"../on-this-day/\"") == true)
    }

    @Test("a venue page counts its own events, not the city's")
    func venueCounts() throws {
        let site = try SampleSite.get().site
        let venue = try #require(site.read("events/london/venues/earth/index.html"))
        let count = try #require(venue.firstMatch(of: /<p class="lede">(\d+) events? from/)).output.1
        #expect(venue.contains("aria-current=\"page\">EartH <span class=\"ev-count\">\(count)</span></a>"))
        let filters = try #require(venue.firstMatch(of: /<nav class="ev-filters"(?s)(.*?)<\/nav>/)).output.1
        #expect(filters.matches(of: /ev-count/).count == 1, "only the venue's own count")
    }
}
