import Foundation
@testable import SitegenNews
import SitegenCore
import Testing

/// Posts brought over from Hugo and Jekyll, written as those generators document them, keep
/// their slugs, dates and old addresses.
@Suite("Front matter from other generators")
struct MigratedFrontMatterTests {
    /// A Hugo post (gohugo.io/content-management/front-matter/): YAML front matter with `slug`,
    /// `lastmod`, `aliases`, `categories`, `description` and Hugo's own `weight`.
    static let hugoPost = """
        ---
        title: "Spring Tour Announced"
        date: 2024-03-05T10:00:00+01:00
        lastmod: 2024-03-07T09:30:00+01:00
        draft: false
        slug: "spring-tour-2024"
        description: "Twelve dates across Europe."
        summary: "The band goes on tour."
        tags: ["touring"]
        categories: ["announcements"]
        aliases:
          - /posts/old-tour-post/
          - /2024/03/tour.html
        image: /images/tour.jpg
        weight: 10
        ---
        The tour starts in **Lisbon**.
        """

    /// A Jekyll post (jekyllrb.com/docs/posts/, with jekyll-redirect-from): the date in the file
    /// name and as a date-time with an offset, `layout`, categories as one text, `redirect_from`.
    static let jekyllPost = """
        ---
        layout: post
        title:  "Welcome to Jekyll!"
        date:   2023-12-24 15:32:14 -0500
        categories: jekyll update
        redirect_from:
          - /blog/welcome/
        ---
        You’ll find this post in your `_posts` directory.
        """

    @Test func hugoAndJekyllPostsKeepSlugsDatesAndAliases() throws {
        let site = try TemporarySite([
            "Content/news/spring-tour.md": Self.hugoPost,
            "Content/news/2023-12-24-welcome-to-jekyll.md": Self.jekyllPost,
        ])
        defer { site.delete() }
        let report = try site.build(date: "2026-11-22")

        // Hugo: the slug from front matter, not the file name; updated shown; description; categories as tags.
        let hugo = try #require(site.read("news/spring-tour-2024/index.html"))
        #expect(!site.exists("news/spring-tour/index.html"))
        #expect(hugo.contains("<meta name=\"description\" content=\"Twelve dates across Europe.\">"))
        #expect(hugo.contains("updated <time datetime=\"2024-03-07\">"))
        #expect(hugo.contains("news/tags/announcements/"))
        #expect(site.exists("news/tags/touring/index.html"))
        // Its aliases: a folder and a file, each pointing back at the post.
        let alias = try #require(site.read("posts/old-tour-post/index.html"))
        #expect(alias.contains("<link rel=\"canonical\" href=\"https://example.org/news/spring-tour-2024/\">"))
        #expect(alias.contains("<meta http-equiv=\"refresh\" content=\"0; url=../../news/spring-tour-2024/\">"))
        let fileAlias = try #require(site.read("2024/03/tour.html"))
        #expect(fileAlias.contains("url=../../news/spring-tour-2024/"))
        // lastmod in the feed and the sitemap; aliases are not listed.
        let feed = try #require(site.read("feed.xml"))
        #expect(feed.contains("<updated>2024-03-07T08:30:00Z</updated>"))
        #expect(feed.contains("<published>2024-03-05T09:00:00Z</published>"))
        let sitemap = try #require(site.read("sitemap-news.xml"))
        #expect(sitemap.contains("<loc>https://example.org/news/spring-tour-2024/</loc><lastmod>2024-03-07</lastmod>"))
        #expect(!sitemap.contains("old-tour-post"))

        // Jekyll: the slug from the file name without its date, the date-time with its offset,
        // space-separated categories as tags, redirect_from as an alias.
        let jekyll = try #require(site.read("news/welcome-to-jekyll/index.html"))
        #expect(jekyll.contains("<time datetime=\"2023-12-24\">"))
        #expect(site.exists("news/tags/jekyll/index.html") && site.exists("news/tags/update/index.html"))
        #expect(feed.contains("<published>2023-12-24T20:32:14Z</published>"))
        #expect(site.read("blog/welcome/index.html")?.contains("url=../../news/welcome-to-jekyll/") == true)

        // Unknown keys: one warning each (`layout`, `weight`), naming the file and line; and the
        // image the Hugo post names, which this site's static/ lacks.
        #expect(report.warnings.count == 3, "\(report.warnings)")
        #expect(report.warnings.contains { $0.message.contains("`image` names static/") && $0.message.contains("which does not exist") })
        #expect(report.warnings.contains { $0.message.contains("unknown key `layout`") && $0.location?.line == 2 })
        #expect(report.warnings.contains { $0.message.contains("unknown key `weight`") && $0.location?.line == 15 })
    }

    /// `tags` and `categories` written as one text are read alike: Jekyll separates names by
    /// spaces, a Hugo user writing `tags: a, b` means two tags; a list keeps each name whole.
    @Test func tagsAndCategoriesAsOneTextAreSplitAlike() throws {
        func tags(_ lines: String) throws -> [String] {
            try FrontMatter.parse("---\ntitle: T\n\(lines)\n---\n", file: "a.md", timeZone: TimeZone(identifier: "UTC")!).tags
        }
        #expect(try tags("tags: live, iceland") == ["live", "iceland"])
        #expect(try tags("tags: live iceland") == ["live", "iceland"])
        #expect(try tags("tags: live music, iceland,") == ["live music", "iceland"])
        #expect(try tags("categories: jekyll, update") == ["jekyll", "update"])
        #expect(try tags("categories: jekyll update\ntags: \"live, jekyll\"") == ["live", "jekyll", "update"])
        #expect(try tags("tags: [live music, iceland]") == ["live music", "iceland"])
        #expect(try tags("tags: live") == ["live"])
        #expect(try tags("tags: ~\ncategories:") == [])
    }

    @Test func shareImageIsAbsoluteAndHostileValuesAreLeftOut() throws {
        let config = SiteConfig(baseURL: "https://example.org/music/")
        #expect(PostLinks.shareImage("/images/a.jpg", config: config) == "https://example.org/music/images/a.jpg")
        #expect(PostLinks.shareImage("https://cdn.example.com/a.jpg", config: config) == "https://cdn.example.com/a.jpg")
        #expect(PostLinks.shareImage("javascript:alert(1)", config: config) == nil)
        #expect(PostLinks.shareImage("//evil.example/a.jpg", config: config) == nil)
        #expect(PostLinks.shareImage("/../etc/passwd", config: config) == nil)
        #expect(PostLinks.aliasPath("/music/old/", config: config)?.value == "old/")
        #expect(PostLinks.aliasPath("/old/page.html", config: config)?.value == "old/page.html")
        #expect(PostLinks.aliasPath("/", config: config) == nil)
        #expect(PostLinks.aliasPath("https://elsewhere.example/x/", config: config) == nil)
        #expect(PostLinks.aliasPath("/a/../../b/", config: config) == nil)

        let site = try TemporarySite(["Content/news/2026-11-01-post.md":
            "---\ntitle: P\nimage: /images/p.jpg\naliases: [\"javascript:x\"]\n---\nText\n"])
        defer { site.delete() }
        let report = try site.build()
        let messages = report.warnings.map(\.message)
        #expect(messages.count == 2 && messages.contains { $0.contains("alias") }
                && messages.contains { $0.contains("static/images/p.jpg, which does not exist") }, "\(messages)")
        let section = try #require(try NewsSection.load(Self.context(site)))
        let pages = section.pages(PageContext(config: SiteConfig(baseURL: "https://example.org/").english, clock: Self.context(site).clock))
        #expect(pages.first { $0.path.value == "news/post/" }?.meta.image == "https://example.org/images/p.jpg")
    }

    @Test func unknownKeysAreOneWarningPerKeyWithACount() throws {
        var files: [String: String] = [:]
        for day in 1...9 { files["Content/news/2026-11-0\(day)-p.md"] = "---\ntitle: P\(day)\nlayout: post\nslug: p\(day)\n---\n" }
        let site = try TemporarySite(files)
        defer { site.delete() }
        let report = try site.build()
        #expect(report.warnings.count == 1)
        #expect(report.warnings[0].message.contains("unknown key `layout` in the front matter of 9 posts"))
        #expect(report.warnings[0].location?.file.hasSuffix("2026-11-01-p.md") == true)
        // A second build reuses the memo and says the same.
        #expect(try site.build().warnings == report.warnings)
    }

    /// Redirect pages are pages of the build: adding, moving and dropping an alias, or
    /// changing the lastmod, leaves an incremental build equal to a clean one.
    @Test func aliasEditsKeepIncrementalBuildsEqualToCleanOnes() throws {
        let site = try TemporarySite(["Content/news/spring-tour.md": Self.hugoPost])
        defer { site.delete() }
        try site.build()
        let file = "Content/news/spring-tour.md"
        try site.write(Self.hugoPost.replacingOccurrences(of: "/posts/old-tour-post/", with: "/posts/moved/"), to: file)
        try site.build()
        #expect(!site.exists("posts/old-tour-post/index.html") && site.exists("posts/moved/index.html"))
        try IncrementalBuildTests.expectSameAsClean(site)
        try site.write(Self.hugoPost.replacingOccurrences(of: "lastmod: 2024-03-07T09:30:00+01:00\n", with: "")
            .replacingOccurrences(of: "  - /2024/03/tour.html\n", with: ""), to: file)
        try site.build()
        #expect(!site.exists("2024/03/tour.html"))
        #expect(site.read("sitemap-news.xml")?.contains("<lastmod>") == false)
        try IncrementalBuildTests.expectSameAsClean(site)
    }

    @Test func postsWithNewFieldsSurviveTheMemo() throws {
        let site = try TemporarySite(["Content/news/spring-tour.md": Self.hugoPost])
        defer { site.delete() }
        let post = try #require(try NewsSection.loadPost("news/spring-tour.md", context: Self.context(site)))
        #expect(Post(memoText: post.memoText) == post)
        #expect(post.aliases.count == 2 && post.unknownKeys.map(\.key) == ["weight"])
    }

    static func context(_ site: TemporarySite) -> LoadContext {
        LoadContext(contentDirectory: site.content, contentName: "Content", config: SiteConfig(baseURL: "https://example.org/"),
                    clock: BuildClock(today: LocalDate(iso: "2026-11-22")!, timeZone: TimeZone(identifier: "UTC")!),
                    includeDrafts: false, warnings: WarningLog())
    }
}
