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

    @Test func aSmallSiteHasOneSortedEscapedSitemap() {
        let pages = SitePages.sitemaps(paths: ["news/b/", "", "news/a/"], config: config)
        #expect(pages.map(\.path.value) == ["sitemap.xml"])
        #expect(text(pages[0]) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.org/a&amp;b/</loc></url>
              <url><loc>https://example.org/a&amp;b/news/a/</loc></url>
              <url><loc>https://example.org/a&amp;b/news/b/</loc></url>
            </urlset>

            """)
    }

    @Test func pastTheLimitTheSitemapIsAnIndexOfParts() {
        let pages = SitePages.sitemaps(paths: ["e/", "d/", "c/", "b/", "a/"], config: config, perFile: 2)
        #expect(pages.map(\.path.value) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        #expect(text(pages[0]).contains("<sitemapindex"))
        #expect(text(pages[0]).contains("<sitemap><loc>https://example.org/a&amp;b/sitemap-3.xml</loc></sitemap>"))
        #expect(text(pages[1]).contains("/a/</loc>") && text(pages[1]).contains("/b/</loc>") && !text(pages[1]).contains("/c/</loc>"))
        #expect(text(pages[3]).contains("/e/</loc>"))
        // A part changes its fingerprint only when its own URLs change.
        let moved = SitePages.sitemaps(paths: ["e/", "d/", "c/", "b/", "a/", "f/"], config: config, perFile: 2)
        #expect(moved[1].inputs == pages[1].inputs)
        #expect(moved[3].inputs != pages[3].inputs)
        #expect(moved[0].inputs == pages[0].inputs)
    }
}
