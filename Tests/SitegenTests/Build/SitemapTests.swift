import Foundation
@testable import SitegenCore
import Testing

@Suite("Sitemap")
struct SitemapTests {
    let config = SiteConfig(title: "T", baseURL: "https://example.org/a&b/")

    func text(_ page: Page) -> String {
        if case .text(let text) = page.body { return text }
        return ""
    }

    @Test func aSectionHasOneSortedEscapedSitemap() {
        let pages = SitePages.sitemaps(of: "news", paths: ["news/b/", "news/", "news/a/"], config: config)
        #expect(pages.map(\.path.value) == ["sitemap-news.xml"])
        #expect(text(pages[0]) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.org/a&amp;b/news/</loc></url>
              <url><loc>https://example.org/a&amp;b/news/a/</loc></url>
              <url><loc>https://example.org/a&amp;b/news/b/</loc></url>
            </urlset>

            """)
        #expect(SitePages.sitemaps(of: "events", paths: [], config: config).isEmpty)
    }

    @Test func pastTheLimitASectionsSitemapHasParts() {
        let pages = SitePages.sitemaps(of: "archive", paths: ["e/", "d/", "c/", "b/", "a/"], config: config, perFile: 2)
        #expect(pages.map(\.path.value) == ["sitemap-archive-1.xml", "sitemap-archive-2.xml", "sitemap-archive-3.xml"])
        #expect(text(pages[0]).contains("/a/</loc>") && text(pages[0]).contains("/b/</loc>") && !text(pages[0]).contains("/c/</loc>"))
        #expect(text(pages[2]).contains("/e/</loc>"))
        // A part changes (its fingerprint is its text) only when its own URLs change.
        let moved = SitePages.sitemaps(of: "archive", paths: ["e/", "d/", "c/", "b/", "a/", "f/"], config: config, perFile: 2)
        #expect(text(moved[0]) == text(pages[0]))
        #expect(text(moved[2]) != text(pages[2]))
    }

    @Test func sitemapXMLIsTheIndexOfEveryPart() {
        let index = SitePages.sitemapIndex(parts: ["sitemap-news.xml", "sitemap-archive-2.xml", "sitemap-archive-1.xml"], config: config)
        #expect(index.path.value == "sitemap.xml")
        #expect(text(index) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <sitemap><loc>https://example.org/a&amp;b/sitemap-archive-1.xml</loc></sitemap>
              <sitemap><loc>https://example.org/a&amp;b/sitemap-archive-2.xml</loc></sitemap>
              <sitemap><loc>https://example.org/a&amp;b/sitemap-news.xml</loc></sitemap>
            </sitemapindex>

            """)
    }
}
