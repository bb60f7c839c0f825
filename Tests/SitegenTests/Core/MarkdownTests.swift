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

    /// In a feed the post is read away from its page: every URL becomes absolute, relative ones
    /// resolved against the page's, and other schemes stay as they are.
    @Test func inAFeedRelativeURLsAreResolvedAgainstThePage() {
        let source = "[rel](../welcome/) [here](#setlist) ![tape](tape.jpg) [site](/feed.xml) [cdn](//cdn.example.org/x) "
            + "[mail](mailto:a@example.org) [ext](https://example.com/)\n\n[ref]: ../ref/\n\n[r][ref]"
        let html = Markdown().html(source, sitePrefix: "https://example.org/music/", pageURL: "https://example.org/music/news/live/")
        #expect(html.contains(#"href="https://example.org/music/news/welcome/""#), "\(html)")
        #expect(html.contains(#"href="https://example.org/music/news/live/#setlist""#))
        #expect(html.contains(#"src="https://example.org/music/news/live/tape.jpg""#))
        #expect(html.contains(#"href="https://example.org/music/feed.xml""#))
        #expect(html.contains(#"href="https://example.org/music/news/ref/""#))
        #expect(html.contains(#"href="//cdn.example.org/x""#) && html.contains(#"href="mailto:a@example.org""#)
                && html.contains(#"href="https://example.com/""#))
        // On the page itself relative URLs are left as written.
        #expect(Markdown().html(source, sitePrefix: "../../").contains(#"href="../welcome/""#))
    }

    @Test func invalidUTF8IsReplacedNotFatal() {
        #expect(Markdown().html("caf\u{FFFD} ok").contains("ok"))
    }

    @Test func referenceDefinitionsAreRewrittenToo() {
        let html = Markdown().html("[feed][f] ![tape][t]\n\n[f]: /feed.xml\n[t]: /images/tape.jpg \"Tape\"", sitePrefix: "../../")
        #expect(html == #"<p><a href="../../feed.xml">feed</a> <img src="../../images/tape.jpg" alt="tape" title="Tape" /></p>"# + "\n")
    }

    @Test func withoutLinkDestinationsNothingIsRewritten() {
        let html = Markdown().html("A path /images/a.jpg, [brackets] and <https://example.org/x>", sitePrefix: "../../")
        #expect(html == #"<p>A path /images/a.jpg, [brackets] and <a href="https://example.org/x">https://example.org/x</a></p>"# + "\n")
    }

    @Test func emptyDocument() {
        #expect(Markdown().html("") == "")
        #expect(Markdown().html("", sitePrefix: "../../") == "")
        #expect(Markdown().html("\n\n") == "")
    }

    /// Several hundred KB of HTML: more than one of the arena's blocks, for the tree and for the output.
    @Test func documentLargerThanAnArenaBlock() {
        let count = 5_000
        let source = (0..<count).map { "Paragraph \($0) with [a link](/posts/\($0)/) and *emphasis*.\n" }.joined(separator: "\n")
        let expected = (0..<count).map { #"<p>Paragraph \#($0) with <a href="../../posts/\#($0)/">a link</a> and <em>emphasis</em>.</p>"# + "\n" }.joined()
        #expect(Markdown().html(source, sitePrefix: "../../") == expected)
    }

    /// Each thread has its own arena: documents converted on several threads at once come out as
    /// they do one after another on one thread (the build converts posts on --jobs threads).
    @Test func concurrentConversionMatchesSequential() {
        let documents = (0..<240).map { index in
            (0..<(index * 37 % 400 + 1)).map { "## Part \($0)\n\n\"Quoted\" -- [site](/a/\(index)/\($0)) [web](https://example.org/\($0)) `code`\n" }.joined(separator: "\n")
        }
        let markdown = Markdown()
        let sequential = documents.map { markdown.html($0, sitePrefix: "../../") }
        let concurrent = Parallel.map(documents.count, jobs: 4) { markdown.html(documents[$0], sitePrefix: "../../") }
        #expect(concurrent == sequential)
        #expect(sequential[5].contains(#"href="../../a/5/0""#))
    }
}
