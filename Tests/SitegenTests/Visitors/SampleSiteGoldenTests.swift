import Foundation
import SitegenCore
import Testing

/// The whole sample site as golden files (`Golden/site-en/`), the way Zola pins its test sites:
/// every file the build writes, by path and digest, so a change to any page, calendar, feed,
/// sitemap or search file shows here; and one page of each kind in full, so the change can be
/// read in the diff. The German pages are in GermanSiteTests, the calendars in
/// SampleCalendarTests. After an intended change: `SITEGEN_UPDATE_GOLDEN=1 swift test`.
@Suite("The whole sample site")
struct SampleSiteGoldenTests {
    /// One file of each kind not pinned in full elsewhere.
    static let pinned = [
        "404.html", "robots.txt", "feed.xml", "sitemap.xml", "sitemap-archive.xml", "sitemap-charts.xml",
        "sitemap-events.xml", "sitemap-news.xml", "sitemap-site.xml",
        "artists/index.html", "artists/moe/index.html", "recordings/moe1998-11-22.aud.flac16/index.html",
        "on-this-day/index.html", "on-this-day/12-31/index.html",
        "charts/index.html", "charts/deadhead-mara/index.html", "charts/deadhead-mara/albums/arcade-fire--funeral/index.html",
        "events/index.html", "events/london/venues/index.html", "events/london/festivals/index.html",
        "news/index.html", "news/hosting-the-output/index.html", "news/tags/index.html", "search/index.html", "search-archive/index.json",
    ]

    @Test func everyFileByDigestAndOneOfEachKindInFull() throws {
        let site = try SampleSite.get().site
        let files = site.outputFiles()
        let listing = files.keys.sorted().map { path in
            "\(Digest.of(files[path]!).description.prefix(16))  \(path)"
        }
        try Golden.check(listing.joined(separator: "\n") + "\n", against: "site-en/files.txt")
        for path in Self.pinned {
            let bytes = try #require(files[path], "no \(path)")
            try Golden.check(String(decoding: bytes, as: UTF8.self), against: "site-en/" + path)
        }
    }
}
