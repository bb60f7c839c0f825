import Foundation
import SitegenCore
import Testing

/// Two things that would be published at one place are errors, and a run lists every one of
/// them, each naming what clashes.
@Suite("Clashes are all listed in one run")
struct ClashTests {
    static let post = "---\ntitle: T\ndate: 2026-11-01\n---\nText.\n"

    /// The problems a build of `site` fails with (none, and an issue, when it succeeds).
    static func problems(_ site: TemporarySite) -> [String] {
        do {
            try site.build()
            Issue.record("the build should fail")
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func everyDuplicateSlugAndEveryCopiedFileOverAPage() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-01-same.md": Self.post, "Content/news/2026-11-02-same.md": Self.post.replacingOccurrences(of: "title: T", with: "title: T\nslug: same"),
            "Content/news/2026-11-03-other.md": Self.post.replacingOccurrences(of: "title: T", with: "title: T\nslug: x"),
            "Content/news/2026-11-04-other.md": Self.post.replacingOccurrences(of: "title: T", with: "title: T\nslug: x"),
        ])
        defer { site.delete() }
        let slugs = Self.problems(site)
        #expect(slugs.filter { $0.contains("two posts have the slug") }.count == 2, "\(slugs)")

        let copies = try TemporarySite(["Content/static/index.html": "x", "Content/static/feed.xml": "y",
                                        "Content/news/2026-11-01-a.md": Self.post])
        defer { copies.delete() }
        let copied = Self.problems(copies)
        #expect(copied.contains { $0.contains("would overwrite a page: index.html") }, "\(copied)")
        #expect(copied.contains { $0.contains("would overwrite a page: feed.xml") }, "\(copied)")
    }

    @Test func twoPagesAtOnePlaceNameTheirSources() throws {
        // A post whose slug is the tags index's folder.
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": Self.post.replacingOccurrences(of: "title: T", with: "title: T\nslug: tags\ntags: [x]")])
        defer { site.delete() }
        let problems = Self.problems(site)
        #expect(problems.contains { $0.contains("two pages would be written to news/tags/index.html") && $0.contains("2026-11-01-a.md") }, "\(problems)")

        // An alias at the search page's address names the post that holds it.
        let alias = try TemporarySite(["Content/news/2026-11-01-a.md": Self.post,
                                       "Content/news/2026-11-02-b.md": Self.post.replacingOccurrences(of: "title: T", with: "title: B\naliases: [/search/]")])
        defer { alias.delete() }
        let aliased = Self.problems(alias)
        #expect(aliased.contains { $0.contains("two pages would be written to search/index.html") && $0.contains("2026-11-02-b.md") }, "\(aliased)")

        // The feed, made from every post, is named by its section: not by one of its posts.
        let feed = try TemporarySite(["Content/news/2026-11-01-a.md": Self.post,
                                      "Content/news/2026-11-02-b.md": Self.post.replacingOccurrences(of: "title: T", with: "title: B\naliases: [/feed.xml]")])
        defer { feed.delete() }
        let fed = Self.problems(feed).filter { $0.contains("two pages would be written to feed.xml") }
        #expect(fed.count == 1 && fed[0].contains("2026-11-02-b.md") && !fed[0].contains("2026-11-01-a.md"), "\(fed)")
    }

    /// A file where another path needs a folder failed only while publishing, and left Output/
    /// half-published for every later build. Now it is found before anything is published.
    @Test func aFileWhereAFolderIsNeededIsFoundBeforePublishing() throws {
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": Self.post])
        defer { site.delete() }
        try site.build()
        let before = site.outputFiles()
        try site.write("x", to: "Content/static/search")
        try site.write(Self.post.replacingOccurrences(of: "title: T", with: "title: B\naliases: [/feed.xml/old/]"), to: "Content/news/2026-11-02-b.md")
        let problems = Self.problems(site)
        #expect(problems.contains { $0.contains("`search` would be both a file (from static) and the folder of search/index.html")
            && $0.contains("Content/static/search") }, "\(problems)")
        #expect(problems.contains { $0.contains("`feed.xml` would be both a file") && $0.contains("feed.xml/old/index.html") }, "\(problems)")
        #expect(site.outputFiles() == before, "Output/ is left as it was")

        // A section the next build keeps is not rendered again: its folder is found on disk.
        try site.remove("Content/static/search")
        try site.remove("Content/news/2026-11-02-b.md")
        try site.write("title: Test Site\nbase_url: https://example.org/\ntime_zone: UTC\narchive:\n  year_order: oldest_first\n", to: "Content/site.yml")
        try site.build()
        let kept = site.outputFiles()
        #expect(kept["artists/index.html"] != nil, "an empty archive still has its artists page")
        try site.write("x", to: "Content/static/artists")
        let again = Self.problems(site)
        #expect(again.contains { $0.contains("`artists` would be a file (from static) where the site has a folder of pages") }, "\(again)")
        #expect(site.outputFiles() == kept)
    }
}
