import Foundation
import Sitegen
import SitegenCore
import Testing

/// Builds the fixture site with the repository's templates and compares every output file with
/// Golden/site/. Run with SITEGEN_UPDATE_GOLDEN=1 after an intended change to templates or pages.
@Suite("Golden site")
struct GoldenSiteTests {
    static func buildFixture() throws -> (TemporarySite, BuildReport) {
        let site = try TemporarySite([:])
        try FileManager.default.removeItem(at: site.content)
        try FileManager.default.copyItem(at: TestPaths.fixtures.appendingPathComponent("golden-site/Content"), to: site.content)
        let report = try site.build(date: "2026-11-22")
        return (site, report)
    }

    @Test func everyOutputFileMatches() throws {
        let (site, report) = try Self.buildFixture()
        defer { site.delete() }
        #expect(report.warnings.isEmpty)
        let files = site.outputFiles().filter { !$0.key.hasPrefix("assets/") && $0.key != OutputGuard.markerName }
        let goldenFolder = TestPaths.golden.appendingPathComponent("site")
        if Golden.updating { try? FileManager.default.removeItem(at: goldenFolder) }
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            try Golden.check(String(decoding: data, as: UTF8.self), against: "site/" + path)
        }
        let expected = Set(SiteFiles.read(goldenFolder).keys)
        #expect(Set(files.keys) == expected, "output files differ from Golden/site/")
    }

    @Test func twoBuildsGiveIdenticalBytes() throws {
        let (first, _) = try Self.buildFixture()
        let (second, _) = try Self.buildFixture()
        defer { first.delete(); second.delete() }
        #expect(first.outputFiles() == second.outputFiles())
        #expect(first.outputFiles().count > 10)
    }

    @Test func subPathBaseURL() throws {
        let (site, _) = try Self.buildFixture()
        defer { site.delete() }
        let post = try #require(site.read("news/second-show/index.html"))
        #expect(post.contains("<link rel=\"canonical\" href=\"https://example.org/music/news/second-show/\">"))
        #expect(post.contains("href=\"../../assets/css/base.css\""))
        #expect(post.contains("src=\"../../images/deck.svg\""))
        let notFound = try #require(site.read("404.html"))
        #expect(notFound.contains("href=\"/music/assets/css/base.css\""))
        #expect(notFound.contains("href=\"/music/news/\""))
        #expect(site.read("sitemap-news.xml")?.contains("<loc>https://example.org/music/news/second-show/</loc>") == true)
        let feed = try #require(site.read("feed.xml"))
        #expect(feed.contains("src=&quot;https://example.org/music/images/deck.svg&quot;"))
        #expect(feed.contains("href=\"https://example.org/music/feed.xml\""))
    }

    @Test func baseURLOverrideFromTheCommandLine() throws {
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        try site.build(baseURL: "http://localhost:8000")
        #expect(site.read("sitemap-news.xml")?.contains("<loc>http://localhost:8000/news/a/</loc>") == true)
    }
}
