import SitegenCore
import Testing

@Suite("Markdown through libcmark")
struct MarkdownTests {
    @Test func smartPunctuation() {
        let html = Markdown().html(#"He said "hello" -- then waited... It's 1977---a 'good' year."#)
        #expect(html == "<p>He said “hello” – then waited… It’s 1977—a ‘good’ year.</p>\n")
    }

    @Test func rawHTMLIsOmittedByDefault() {
        let html = Markdown().html("Before\n\n<script>alert(1)</script>\n\nInline <b>bold</b> and [x](javascript:alert(1))")
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("<!-- raw HTML omitted -->"))
        #expect(html.contains(#"<a href="">x</a>"#))
    }

    @Test func rawHTMLPassesWhenAllowed() {
        let html = Markdown(rawHTML: true).html("<div class=\"note\">kept</div>\n\nInline <b>bold</b>")
        #expect(html.contains("<div class=\"note\">kept</div>"))
        #expect(html.contains("<b>bold</b>"))
    }

    @Test func siteInternalURLsGetThePrefix() {
        let source = "![tape](/images/tape.jpg) [feed](/feed.xml) [other](//cdn.example.org/x) [ext](https://example.com/) [rel](notes/)"
        let html = Markdown().html(source, sitePrefix: "../../")
        #expect(html.contains(#"src="../../images/tape.jpg""#))
        #expect(html.contains(#"href="../../feed.xml""#))
        #expect(html.contains(#"href="//cdn.example.org/x""#))
        #expect(html.contains(#"href="https://example.com/""#))
        #expect(html.contains(#"href="notes/""#))
    }

    @Test func invalidUTF8IsReplacedNotFatal() {
        #expect(Markdown().html("caf\u{FFFD} ok").contains("ok"))
    }
}
