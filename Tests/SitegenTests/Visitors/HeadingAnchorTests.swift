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
