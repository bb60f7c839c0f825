import Testing
@testable import SitegenCore

@Suite("Heading anchors in posts")
struct HeadingAnchorTests {
    @Test("headings get stable ids from their text in the libcmark tree, unique within a post")
    func ids() {
        let html = Markdown().html("# Hello *world*\n\nText.\n\n## The `build` command\n\n## Notes\n\nSetext\n------\n\n## Notes\n\n## Main\n\n```\n<h2>not a heading</h2>\n```\n")
        #expect(html.contains("<h1 id=\"hello-world\">Hello <em>world</em></h1>"))
        #expect(html.contains("<h2 id=\"the-build-command\">The <code>build</code> command</h2>"))
        #expect(html.contains("<h2 id=\"notes\">Notes</h2>"))
        #expect(html.contains("<h2 id=\"setext\">Setext</h2>"))
        #expect(html.contains("<h2 id=\"notes-2\">Notes</h2>"))
        #expect(html.contains("<h2 id=\"main-2\">Main</h2>"), "the layout's id is never a heading's")
        #expect(html.contains("&lt;h2&gt;not a heading&lt;/h2&gt;"))
        #expect(Markdown().html("# Hello *world*\n") == Markdown().html("# Hello *world*\n"))
    }

    @Test("raw HTML with headings of its own leaves every heading without an id, never a wrong one")
    func rawHeadings() {
        let html = Markdown(rawHTML: true).html("<h2>Raw</h2>\n\n## Written\n")
        #expect(html.contains("<h2>Raw</h2>") && html.contains("<h2>Written</h2>"))
        #expect(Markdown().html("No headings here.\n") == "<p>No headings here.</p>\n")
    }
}

@Suite("Table of contents")
struct TableOfContentsTests {
    @Test("toc: true lists the post's sections and subsections, linking their anchors")
    func toc() throws {
        let body = "Intro.\n\n## First part\n\n### A detail\n\n## \n\n## Second part\n\n#### Too deep\n"
        let site = try TemporarySite([
            "Content/news/2026-11-01-with.md": "---\ntitle: With\ndate: 2026-11-01\ntoc: true\n---\n" + body,
            "Content/news/2026-11-02-without.md": "---\ntitle: Without\ndate: 2026-11-02\n---\n" + body,
        ])
        defer { site.delete() }
        let report = try site.build()
        #expect(report.warnings.isEmpty, "toc is a known key")
        let with = try #require(site.read("news/with/index.html"))
        #expect(with.contains("<nav class=\"toc\" aria-label=\"Contents\">"))
        #expect(with.contains("<ol><li><a href=\"#first-part\">First part</a></li><li class=\"toc-sub\"><a href=\"#a-detail\">A detail</a></li><li><a href=\"#second-part\">Second part</a></li></ol>"))
        #expect(with.contains("<h2 id=\"first-part\">First part</h2>"))
        let without = try #require(site.read("news/without/index.html"))
        #expect(!without.contains("class=\"toc\""))
        #expect(without.contains("<h2 id=\"first-part\">First part</h2>"), "anchors either way")
    }
}
