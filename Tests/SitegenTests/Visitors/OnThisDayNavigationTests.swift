import Foundation
import Testing

@Suite("On this day in the navigation")
struct OnThisDayNavigationTests {
    static let link = ">On this day</a>"

    @Test("every page of the sample links /on-this-day/ from the navigation, after Artists; its pages mark it current")
    func sample() throws {
        let site = try SampleSite.get().site
        let home = try #require(site.read("index.html"))
        let nav = try #require(home.firstMatch(of: /<nav aria-label="Site">(?s)(.*?)<\/nav>/)).output.1
        #expect(nav.contains("<li><a href=\"./on-this-day/\">On this day</a></li>"))
        let order = ["News", "Artists", "On this day", "Charts", "Concerts"].map { nav.range(of: ">\($0)</a>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(), "\(nav)")
        for path in ["on-this-day/index.html", "on-this-day/05-08/index.html"] {
            let page = try #require(site.read(path), "\(path)")
            // The section, not this page: "true", not "page", on every page of it.
            #expect(page.contains("on-this-day/\" aria-current=\"true\">On this day</a>"), "\(path)")
            #expect(page.contains("artists/\">Artists</a>") && !page.contains("aria-current=\"true\">Artists</a>"), "\(path): Artists is not current")
            // Nor do its breadcrumbs lead through Artists.
            #expect(!page.contains(">Artists</a> ›") && !page.contains("breadcrumb\"><a href=\"../artists/"), "\(path)")
        }
        #expect(site.read("artists/index.html")?.contains("aria-current=\"true\">Artists</a>") == true)
    }

    @Test("a site without the archive has no such link; an incremental build that keeps the archive keeps it")
    func withoutArchiveAndKept() throws {
        let plain = try TemporarySite(["Content/site.yml": "title: T\nbase_url: https://example.org/\n"])
        defer { plain.delete() }
        try plain.build()
        #expect(plain.read("index.html")?.contains(Self.link) == false)

        let site = try TemporarySite([:])
        defer { site.delete() }
        try FileManager.default.removeItem(at: site.content)
        try FileManager.default.copyItem(at: TestPaths.content, to: site.content)
        try site.build()
        try site.write("---\ntitle: New\ndate: 2026-11-21\n---\nText.\n", to: "Content/news/2026-11-21-new.md")
        let report = try site.build()
        #expect(!report.rendered.contains { $0.hasPrefix("recordings/") }, "the archive was kept")
        #expect(site.read("news/new/index.html")?.contains(Self.link) == true)
        try IncrementalBuildTests.expectSameAsClean(site)
    }
}
