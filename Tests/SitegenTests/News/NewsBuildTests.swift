import Foundation
import SitegenCore
@testable import SitegenNews
import Testing

@Suite("News pages")
struct NewsBuildTests {
    static func post(_ title: String, date: String, extra: String = "") -> String {
        "---\ntitle: \(title)\ndate: \(date)\n\(extra)---\nBody of \(title).\n"
    }

    /// A site with `count` posts, one a day, and a page size of `pageSize`.
    static func site(posts count: Int, pageSize: Int) throws -> TemporarySite {
        var files = ["Content/site.yml": "title: T\nbase_url: https://example.org/\nnews:\n  page_size: \(pageSize)\n"]
        for index in 0..<count {
            let day = String(format: "2026-10-%02d", index + 1)
            files["Content/news/\(day)-post-\(index + 1).md"] = post("Post \(index + 1)", date: day)
        }
        return try TemporarySite(files)
    }

    /// A post's body is read again when its page renders: a file that is gone by then fails that
    /// render naming the file, as loading would have; bytes that are not UTF-8 are read as U+FFFD
    /// (loading warned about them, naming the byte).
    @Test func aBodyThatCannotBeReadAtRenderNamesItsFile() throws {
        let site = try TemporarySite(["Content/news/2026-11-01-one.md": Self.post("One", date: "2026-11-01")])
        defer { site.delete() }
        let context = LoadContext(contentDirectory: site.content, contentName: "Content", config: SiteConfig(),
                                  clock: BuildClock(today: LocalDate(year: 2026, month: 11, day: 22)!, timeZone: TimeZone(identifier: "UTC")!),
                                  includeDrafts: false, warnings: WarningLog(), jobs: 1)
        let section = try #require(try NewsSection.load(context))
        let post = try #require(section.posts.first)
        #expect(try section.body(of: post) == "Body of One.\n")

        try (Data("---\ntitle: One\n---\nCaf".utf8) + [0xFF, 0x0A]).write(to: site.content.appendingPathComponent(post.source))
        #expect(try section.body(of: post) == "Caf\u{FFFD}\n")
        try site.remove("Content/news/2026-11-01-one.md")
        #expect(throws: SitegenError("cannot read file (No such file or directory)", at: SourceLocation(file: "Content/news/2026-11-01-one.md"))) {
            try section.body(of: post)
        }
    }

    @Test func draftsAndFuturePostsAreLeftOutUnlessAsked() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-01-live.md": Self.post("Live", date: "2026-11-01"),
            "Content/news/2026-11-02-draft.md": Self.post("Draft", date: "2026-11-02", extra: "draft: true\n"),
            "Content/news/2026-12-01-future.md": Self.post("Future", date: "2026-12-01"),
        ])
        defer { site.delete() }
        try site.build(date: "2026-11-22")
        #expect(site.exists("news/live/index.html"))
        #expect(!site.exists("news/draft/index.html"))
        #expect(!site.exists("news/future/index.html"))
        #expect(site.read("feed.xml")?.contains("Future") == false)
        #expect(site.read("sitemap-news.xml")?.contains("news/live/") == true)
        #expect(site.read("sitemap-news.xml")?.contains("news/draft/") == false)

        try site.build(date: "2026-11-22", drafts: true)
        #expect(site.exists("news/draft/index.html"))
        #expect(site.exists("news/future/index.html"))
        #expect(site.read("news/draft/index.html")?.contains("badge-draft") == true)
        // Lists mark it too: the index shows one badge, the draft's, not the live post's.
        #expect(site.read("news/index.html")?.components(separatedBy: "badge-draft").count == 2)
        // A post dated after the build date is marked as scheduled, on its page and in lists:
        // a preview with --drafts tells what visitors do not see yet.
        #expect(site.read("news/future/index.html")?.contains("<strong class=\"badge badge-scheduled\">Scheduled</strong>") == true)
        #expect(site.read("news/index.html")?.components(separatedBy: "badge-scheduled").count == 2)
        #expect(site.read("news/live/index.html")?.contains("badge-scheduled") == false)

        // On its day it is published, and unmarked.
        try site.build(date: "2026-12-01")
        #expect(site.exists("news/future/index.html"))
        #expect(site.read("news/future/index.html")?.contains("badge-scheduled") == false)
        #expect(site.read("news/index.html")?.contains("badge-scheduled") == false)
    }

    @Test(arguments: [(0, 5, 1), (1, 5, 1), (5, 5, 1), (6, 5, 2), (11, 5, 3)])
    func pagination(posts: Int, pageSize: Int, pages: Int) throws {
        let site = try Self.site(posts: posts, pageSize: pageSize)
        defer { site.delete() }
        try site.build()
        #expect(site.exists("news/index.html"))
        for number in 2...max(2, pages + 1) {
            #expect(site.exists("news/page/\(number)/index.html") == (number <= pages))
        }
        let first = try #require(site.read("news/index.html"))
        #expect(first.components(separatedBy: "class=\"post-summary\"").count - 1 == min(posts, pageSize))
        if posts == 0 { #expect(first.contains("No posts have been published yet.")) }
        #expect(first.contains("class=\"pagination\"") == (pages > 1))
        if pages > 1 {
            let last = try #require(site.read("news/page/\(pages)/index.html"))
            #expect(last.contains("rel=\"prev\" href=\"../../../news/page/\(pages - 1)/\"") || last.contains("rel=\"prev\" href=\"../../../news/\""))
            #expect(!last.contains("rel=\"next\""))
            #expect(last.components(separatedBy: "class=\"post-summary\"").count - 1 == posts - (pages - 1) * pageSize)
        }
    }

    @Test func newestFirstWithNeighbours() throws {
        let site = try Self.site(posts: 3, pageSize: 10)
        defer { site.delete() }
        try site.build()
        let middle = try #require(site.read("news/post-2/index.html"))
        #expect(middle.contains("<a rel=\"prev\" href=\"../../news/post-3/\"><span>Newer</span> Post 3</a>"))
        #expect(middle.contains("<a rel=\"next\" href=\"../../news/post-1/\"><span>Older</span> Post 1</a>"))
        let index = try #require(site.read("news/index.html"))
        #expect(index.range(of: "Post 3")!.lowerBound < index.range(of: "Post 1")!.lowerBound)
    }

    /// Two posts whose tags share a slug share its page: the older post's spelling is warned
    /// about (with the newer's, which the page shows); letter case alone is no warning.
    @Test func tagsOfTwoPostsSharingASlugAreWarnedAbout() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-03-new.md": "---\ntitle: New\ndate: 2026-11-03\ntags: [C++, Live]\n---\n",
            "Content/news/2026-11-02-old.md": "---\ntitle: Old\ndate: 2026-11-02\ntags: [C, live]\n---\n",
        ])
        defer { site.delete() }
        let warnings = try site.build().warnings.map(\.description)
        #expect(warnings == ["Content/news/2026-11-02-old.md: warning: the tag 'C' shares its page /news/tags/c/ with the tag 'C++' of another post: both are listed there under 'C++'"], "\(warnings)")
        #expect(site.read("news/tags/c/index.html")?.contains("Old") == true)
    }

    @Test func slugCollisionNamesBothFiles() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-01-hello.md": Self.post("A", date: "2026-11-01"),
            "Content/news/2026-11-02-hello.md": Self.post("B", date: "2026-11-02"),
        ])
        defer { site.delete() }
        #expect {
            try site.build()
        } throws: { error in
            let text = "\(error)"
            return text.contains("news/2026-11-01-hello.md") && text.contains("news/2026-11-02-hello.md") && text.contains("`hello`")
        }
    }

    @Test func tagsGetPagesAndTheFeedHasCategories() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-01-a.md": Self.post("A", date: "2026-11-01", extra: "tags: [Live Music, tapes]\n"),
            "Content/news/2026-11-02-b.md": Self.post("B", date: "2026-11-02", extra: "tags: [live music]\n"),
        ])
        defer { site.delete() }
        try site.build()
        let tag = try #require(site.read("news/tags/live-music/index.html"))
        #expect(tag.contains("2 posts"))
        #expect(site.exists("news/tags/tapes/index.html"))
        #expect(site.read("feed.xml")?.contains("<category term=\"tapes\"/>") == true)
    }

    @Test func scriptInATitleIsEscapedEverywhere() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-01-x.md": Self.post("\"<script>alert('x')</script>\"", date: "2026-11-01",
                                                      extra: "tags: [\"<b>t</b>\"]\nsummary: \"<img src=x onerror=alert(1)>\"\n"),
        ])
        defer { site.delete() }
        try site.build()
        for path in ["index.html", "news/index.html", "news/x/index.html", "feed.xml", "news/tags/b-t-b/index.html"] {
            let text = try #require(site.read(path), "\(path) was not written")
            #expect(!text.contains("<script>"), "\(path)")
            #expect(!text.contains("<img src=x"), "\(path)")
            #expect(!text.contains("<b>t</b>"), "\(path)")
        }
        #expect(site.read("news/x/index.html")?.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") == true)
    }

    @Test func rawHTMLSwitchInSiteSettings() throws {
        let body = "---\ntitle: A\ndate: 2026-11-01\n---\n<div class=\"box\">hi</div>\n"
        let off = try TemporarySite(["Content/news/a.md": body])
        let on = try TemporarySite(["Content/news/a.md": body,
                                    "Content/site.yml": "title: T\nbase_url: https://example.org/\nmarkdown:\n  raw_html: true\n"])
        defer { off.delete(); on.delete() }
        try off.build()
        try on.build()
        #expect(off.read("news/a/index.html")?.contains("<!-- raw HTML omitted -->") == true)
        #expect(on.read("news/a/index.html")?.contains("<div class=\"box\">hi</div>") == true)
    }
}

@Suite("Pagination window")
struct PaginationWindowTests {
    @Test func firstLastAndNearbyPagesWithGaps() {
        let window = { (current: Int, count: Int) in
            PaginationModel.window(current: current, count: count).map { $0.map(String.init) ?? "…" }.joined(separator: " ")
        }
        #expect(window(1, 1) == "1")
        #expect(window(1, 4) == "1 2 3 4")
        #expect(window(1, 10) == "1 2 3 … 10")
        #expect(window(5, 10) == "1 … 3 4 5 6 7 … 10")
        #expect(window(4, 10) == "1 2 3 4 5 6 … 10")
        #expect(window(10, 10) == "1 … 8 9 10")
    }
}
