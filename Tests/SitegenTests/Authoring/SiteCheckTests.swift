import Foundation
import Sitegen
@testable import SitegenCheck
import SitegenCore
import Testing

@Suite("sitegen check")
struct SiteCheckTests {
    /// A site with all a check asks of every page but the posts: a description and a favicon.
    static let wholeSite = [
        "Content/site.yml": "title: T\ndescription: A site.\nbase_url: https://example.org/\ntime_zone: UTC\n",
        "Content/static/favicon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    ]

    @Test func findsEveryKindOfProblemGroupedByFileWithoutTouchingTheOutput() throws {
        let site = try TemporarySite(Self.wholeSite.merging([
            "Content/news/2026-11-01-a.md": "---\ntitle: A\nsummary: One.\n---\n![gone](/images/missing.jpg)\n\n[ok](/news/) [there](/news/#main)\n",
        ]) { $1 })
        defer { site.delete() }
        // A broken link and a link to a missing anchor written into a template; a page without a title.
        let tags = try String(contentsOf: site.templates.appendingPathComponent("news/tags.mustache"), encoding: .utf8)
        try site.write(tags.replacingOccurrences(of: "{{/content}}", with: "<a href=\"{{root}}nowhere/\">x</a> <a href=\"{{root}}news/#no-such-id\">y</a>\n{{/content}}"),
                       to: "Templates/news/tags.mustache")
        try site.write("<!DOCTYPE html><html><head><meta name=\"description\" content=\"d\"></head><body>{{name}}</body></html>\n",
                       to: "Templates/news/tag.mustache")
        try site.write("---\ntitle: B\ntags: [x]\nsummary: Two.\n---\nText\n", to: "Content/news/2026-11-02-b.md")

        let report = Sitegen.check(site.options())
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
        let byFile = Dictionary(uniqueKeysWithValues: report.grouped.map { ($0.file, $0.problems.map(\.message)) })
        #expect(byFile["news/a/index.html"] == ["img src=\"../../images/missing.jpg\" is a broken link: there is no images/missing.jpg"])
        #expect(byFile["news/tags/index.html"]?.sorted() == [
            "a href=\"../../news/#no-such-id\": no id \"no-such-id\" on news/index.html",
            "a href=\"../../nowhere/\" is a broken link: there is no nowhere/index.html",
        ])
        #expect(byFile["news/tags/x/index.html"] == ["has no title (an empty or missing <title>)"])
        #expect(report.errors == 4 && report.warnings == 0, "\(report.problems)")
        #expect(report.pages > 5)
        // A post's page names the post; a page of many posts (a tag's) names none.
        #expect(report.pageSources["news/a/index.html"] == "Content/news/2026-11-01-a.md")
        #expect(report.pageSources["news/tags/x/index.html"] == nil && report.pageSources["news/index.html"] == nil)
    }

    /// A footer's broken link is one problem listed with its pages, not one per page; a link
    /// missing from two pages stays with each.
    @Test func aMissingFileLinkedFromManyPagesIsListedOnce() throws {
        let site = try TemporarySite(Self.wholeSite.merging([
            "Content/news/2026-11-01-a.md": "---\ntitle: A\nsummary: One.\n---\n[gone](/only-here/)\n",
            "Content/news/2026-11-02-b.md": "---\ntitle: B\nsummary: Two.\n---\n[gone](/only-here/)\n",
            // One page's table of contents to a missing page: three links, one page.
            "Content/news/2026-11-03-c.md": "---\ntitle: C\nsummary: Three.\n---\n[1](/guide/#a) [2](/guide/#b) [3](/guide/#c)\n",
        ]) { $1 })
        defer { site.delete() }
        let footer = try String(contentsOf: site.templates.appendingPathComponent("partials/footer.mustache"), encoding: .utf8)
        try site.write(footer.replacingOccurrences(of: "</footer>", with: "<a href=\"{{root}}about/\">About</a></footer>"),
                       to: "Templates/partials/footer.mustache")
        let report = Sitegen.check(site.options())
        let widespread = try #require(report.widespread.first)
        #expect(report.widespread.count == 1 && widespread.cause == .missing("about/index.html"))
        #expect(widespread.pages.count == report.pages && widespread.pages.contains("news/a/index.html"))
        #expect(!report.grouped.contains { $0.problems.contains { $0.missingTarget == "about/index.html" } })
        #expect(report.grouped.filter { $0.problems.contains { $0.missingTarget == "only-here/index.html" } }.map(\.file)
                == ["news/a/index.html", "news/b/index.html"])
        #expect(report.grouped.first { $0.file == "news/c/index.html" }?.problems.count == 3, "listed under its one page")
        #expect(report.errors == report.pages + 2 + 3, "each page's broken link still counts")
    }

    /// A link from the site's root on a site under a path (a Hugo habit) is one problem of the
    /// template that writes it, saying how a template links there.
    @Test func aLinkOutOfTheSiteOnManyPagesIsListedOnceWithHowToLinkThere() throws {
        let site = try TemporarySite(Self.wholeSite.merging([
            "Content/site.yml": "title: T\ndescription: A site.\nbase_url: https://example.org/music/\ntime_zone: UTC\n",
        ]) { $1 })
        defer { site.delete() }
        let footer = try String(contentsOf: site.templates.appendingPathComponent("partials/footer.mustache"), encoding: .utf8)
        try site.write(footer.replacingOccurrences(of: "</footer>", with: "<a href=\"/news/\">News</a></footer>"),
                       to: "Templates/partials/footer.mustache")
        let report = Sitegen.check(site.options())
        let widespread = try #require(report.widespread.first)
        #expect(report.widespread.count == 1 && widespread.cause == .outside("a href=\"/news/\""))
        #expect(widespread.message == "a href=\"/news/\" points outside the site: the site lives under /music/ (base_url's path), where a template links {{root}}news/")
        #expect(widespread.pages.count == report.pages)
        #expect(!report.grouped.contains { $0.problems.contains { $0.shared != nil } })
    }

    @Test func theSampleSiteIsClean() throws {
        let options = BuildOptions(content: TestPaths.repositoryRoot.appendingPathComponent("Content"), templates: TestPaths.templates,
                                   output: TestPaths.repositoryRoot.appendingPathComponent("Output"), date: LocalDate(iso: "2026-11-22"),
                                   baseURL: nil, includeDrafts: false, workingDirectory: TestPaths.repositoryRoot)
        let report = Sitegen.check(options)
        #expect(report.errors == 0, "\(report.problems.filter { $0.severity == .error })")
        #expect(report.pages > 100 && report.references > 1000)
        // The sample's cache lacks some album.getInfo answers and most events' details: listed, not errors.
        #expect(report.missingCache.contains { $0.file.hasPrefix("charts/albums/") && $0.purpose.contains("album.getInfo") })
        #expect(report.missingCache.contains { $0.file.hasPrefix("events/24426/events/") })
        #expect(report.missingCache == report.missingCache.sorted())
    }

    /// Absolute URLs under base_url are the site's own: a shared image or a link written in
    /// full that leads nowhere is as broken as a relative one. "#top" needs no id.
    @Test func absoluteURLsOfTheSiteAndSharedImagesAreChecked() throws {
        let site = try TemporarySite([
            "Content/site.yml": "title: T\ndescription: A site.\nbase_url: https://example.org/music/\ntime_zone: UTC\n",
            "Content/news/2026-11-01-a.md": "---\ntitle: A\nsummary: One.\nimage: /images/nothere.jpg\n---\n"
                + "[gone](https://example.org/music/news/nope/) [home](https://example.org/music/) [up](#top) [Up](#TOP)\n",
        ])
        defer { site.delete() }
        let report = Sitegen.check(site.options())
        let problems = report.problems.filter { $0.file == "news/a/index.html" }.map(\.message)
        #expect(problems.contains { $0.contains("meta og:image=\"https://example.org/music/images/nothere.jpg\" is a broken link") }, "\(problems)")
        #expect(problems.contains { $0.contains("a href=\"https://example.org/music/news/nope/\" is a broken link") }, "\(problems)")
        #expect(!problems.contains { $0.contains("top") || $0.contains("href=\"https://example.org/music/\"") }, "\(problems)")
    }

    /// A feed reader refuses a feed that is not well-formed XML, and a search engine a sitemap,
    /// where a browser shows a page all the same: every .xml file is parsed as XML.
    @Test func xmlFilesThatAreNotWellFormedAreErrorsWithTheirLineAndColumn() throws {
        let site = try TemporarySite([
            "Content/site.yml": "title: Tapes & Gigs\ndescription: A site.\nbase_url: https://example.org/\ntime_zone: UTC\n",
            "Content/news/2026-11-01-a.md": "---\ntitle: A\nsummary: One.\n---\nText\n",
            "Content/static/sitemap-extra.xml": "<?xml version=\"1.0\"?>\n<urlset>\n  <url><loc>x</loc></urlset>\n",
        ])
        defer { site.delete() }
        let feed = try String(contentsOf: site.templates.appendingPathComponent("feed.mustache"), encoding: .utf8)
        try site.write(feed.replacingOccurrences(of: "<title>{{title}}</title>", with: "<title>{{{title}}}</title>"), to: "Templates/feed.mustache")

        let report = Sitegen.check(site.options())
        let byFile = Dictionary(uniqueKeysWithValues: report.grouped.map { ($0.file, $0.problems.map(\.message)) })
        let feedProblems = byFile["feed.xml"] ?? []
        #expect(!feedProblems.isEmpty && feedProblems.allSatisfy { $0.hasPrefix("line 3, column ") && $0.contains("is not well-formed XML: ") },
                "\(feedProblems)")
        #expect(feedProblems.contains { $0.contains("EntityRef") }, "\(feedProblems)")
        #expect(byFile["sitemap-extra.xml"]?.contains { $0.hasPrefix("line 3, column ") && $0.contains("mismatch") } == true, "\(byFile)")
        // The sitemaps sitegen writes are well-formed.
        #expect(byFile["sitemap.xml"] == nil && byFile["sitemap-news.xml"] == nil)
        #expect(report.xmlFiles >= 4, "\(report.xmlFiles)")
        #expect(report.problems.allSatisfy { $0.severity == .error })
    }

    /// The XML parser reads no network, loads no DTD and expands no entity: a file that names a
    /// DTD and an external entity (each broken, so reading them would be an error) is checked by
    /// its own bytes.
    @Test func theXMLCheckReadsNothingAFileNames() throws {
        let folder = try TemporaryFolder.make("xml-check")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dtd = folder.appendingPathComponent("x.dtd"), entity = folder.appendingPathComponent("e.xml")
        try Data("<!ELEMENT x (#PCDATA)> <!ENTITY broken".utf8).write(to: dtd)
        try Data("<unclosed>&".utf8).write(to: entity)
        let named = XMLWellFormedness.problems(of: Data("""
            <?xml version="1.0"?>
            <!DOCTYPE x SYSTEM "\(dtd.path)" [<!ENTITY e SYSTEM "\(entity.path)">]>
            <x>&e;</x>
            """.utf8))
        #expect(named == [])
        #expect(XMLWellFormedness.problems(of: Data("<a>\n<b>&</b></a>".utf8)).first?.line == 2)
        #expect(XMLWellFormedness.problems(of: Data("<a/>".utf8)) == [])
    }

    /// The summary lines the operator reads count in the singular where there is one.
    @Test func summariesSayOneThingInTheSingular() {
        var report = CheckReport()
        report.pages = 1
        report.xmlFiles = 1
        report.references = 1
        report.problems = [CheckProblem(file: "feed.xml", severity: .error, message: "x"),
                           CheckProblem(file: "feed.xml", severity: .warning, message: "y")]
        #expect(report.summary == "1 page, 1 XML file, 1 reference checked: 1 error, 1 warning in 1 file · 0.00 s")
        report.pages = 2
        report.problems = []
        #expect(report.summary.hasPrefix("2 pages, 1 XML file, 1 reference checked: 0 errors, 0 warnings in 0 files · "))

        var build = BuildReport()
        build.totalFiles = 1
        build.rendered = ["index.html"]
        build.warnings = [Warning("w")]
        #expect(build.summary.hasPrefix("1 file: 1 page rendered, 0 written, 0 unchanged, 0 removed · 1 warning · "), "\(build.summary)")
    }

    @Test func urlsResolveAsABrowserResolvesThem() {
        #expect(LinkTarget.resolve("https://example.org/music/news/#x", from: "404.html", basePath: "/music/", baseURL: "https://example.org/music/")
                == .file("news/index.html", fragment: "x"))
        #expect(LinkTarget.resolve("https://example.org/other/", from: "404.html", basePath: "/music/", baseURL: "https://example.org/music/") == .external)
        #expect(LinkTarget.resolve("../b/", from: "news/a/index.html", basePath: "/") == .file("news/b/index.html", fragment: nil))
        #expect(LinkTarget.resolve("#top", from: "news/a/index.html", basePath: "/") == .file("news/a/index.html", fragment: "top"))
        #expect(LinkTarget.resolve("/music/feed.xml?x=1", from: "404.html", basePath: "/music/") == .file("feed.xml", fragment: nil))
        #expect(LinkTarget.resolve("/other/", from: "404.html", basePath: "/music/") == .outside)
        #expect(LinkTarget.resolve("../../../x", from: "a/index.html", basePath: "/") == .outside)
        #expect(LinkTarget.resolve("a%20b.jpg", from: "index.html", basePath: "/") == .file("a b.jpg", fragment: nil))
        #expect(LinkTarget.resolve("https://example.org/", from: "index.html", basePath: "/") == .external)
        #expect(LinkTarget.resolve("mailto:a@b", from: "index.html", basePath: "/") == .external)
        #expect(LinkTarget.resolve("//cdn.example/x.js", from: "index.html", basePath: "/") == .external)
    }

    @Test func srcsetCandidatesAndNamedAnchorsAreRead() {
        let page = PageReferences(html: Data("""
            <html><head><title> T </title></head><body><img srcset="a.jpg 1x, b/c.jpg 2x" src="d.jpg">
            <a name="old"></a><p id="new">x</p><link rel="stylesheet" href="s.css"></body></html>
            """.utf8))
        #expect(page.references.map(\.url) == ["a.jpg", "b/c.jpg", "d.jpg", "s.css"] || Set(page.references.map(\.url)) == ["a.jpg", "b/c.jpg", "d.jpg", "s.css"])
        #expect(page.anchors == ["old", "new"])
        #expect(page.title == " T ")
        #expect(page.description == nil)
    }

    @Test("problems of one file are in the order of their places: line 2 before line 10")
    func problemsInTheOrderOfTheFile() {
        let place = { (line: Int) in CheckProblem.place(SourceLocation(file: "f", line: line, column: 1)) }
        let problems = [10, 2, 1].map { CheckProblem(file: "f.xml", severity: .error, message: place($0) + "x", line: $0, column: 1) }
        #expect(problems.sorted().map(\.message) == ["line 1, column 1: x", "line 2, column 1: x", "line 10, column 1: x"])
    }
}
