import Foundation
@testable import SitegenCore
import Testing

/// A numeric date is read day first or month first as the site's language writes it: the search
/// page says which (`data-date-order`), from Foundation's locale data, and search.js reads it
/// (Scripts/search-browser.py checks both orders in headless Chromium).
@Suite("Search date order")
struct SearchDateOrderTests {
    @Test func theLocaleDataSaysWhichComesFirst() {
        #expect(NumericDateOrder.of(Locale(identifier: "en_US")) == .monthDay)
        #expect(NumericDateOrder.of(Locale(identifier: "de")) == .dayMonth)
        #expect(NumericDateOrder.of(Locale(identifier: "en_GB")) == .dayMonth)
        #expect(NumericDateOrder.of(Locale(identifier: "fr_FR")) == .dayMonth)
        // Year first, then month, then day ("1977/5/8"): the month comes before the day.
        #expect(NumericDateOrder.of(Locale(identifier: "ja_JP")) == .monthDay)
    }

    /// The search page of an en-US site and of a German one carries the order search.js reads.
    @Test(arguments: [("en-US", "month-day"), ("de", "day-month"), ("en-GB", "day-month")])
    func theSearchPageCarriesTheSiteLanguagesOrder(language: String, order: String) throws {
        let site = try TemporarySite([
            "Content/site.yml": "title: T\nbase_url: https://example.org/\ntime_zone: UTC\nlanguage: \(language)\n",
            "Content/news/2026-01-01-a-post.md": "---\ntitle: A post\ndate: 2026-01-01\n---\nBody.\n",
        ])
        defer { site.delete() }
        try site.build()
        let page = try #require(site.read("search/index.html"))
        #expect(page.contains("data-date-order=\"\(order)\""), "\(language)")
    }
}
