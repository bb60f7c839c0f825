import Foundation
@testable import SitegenCore
import Testing

/// Post bodies in the search index: the plain text of the markdown, found by its words, with
/// the body's opening words as the snippet of a post without a summary.
@Suite("Search post bodies")
struct SearchPostBodyTests {
    @Test func aSamplePostIsFoundByAWordOfItsBody() throws { try SearchTests.withSample { reader throws in
        // "nginx" is only in the body of "Hosting the output anywhere" (a code block's word too).
        #expect(try reader("news").find(["nginx"]).map(\.path) == ["news/hosting-the-output/"])
        #expect(try reader("news").find(["gh", "pages", "branch"]).map(\.path) == ["news/hosting-the-output/"])
    } }

    @Test func plainTextKeepsWordsAndDropsMarkupAndRawHTML() {
        let text = Markdown().plainText("# Head\n\nSome *un*believ**able** [link text](/x) and `code`.\n\n<div>raw</div>\n\n![alt words](/a.jpg)\n\n```\nfenced line\n```\n- one\n- two\n")
        #expect(SearchTerms.terms(of: text) == ["head", "some", "unbelievable", "link", "text", "and", "code", "alt", "words", "fenced", "line", "one", "two"])
    }

    @Test func theSnippetOfAPostWithoutASummaryIsItsOpening() throws {
        let long = (1...60).map { "word\($0)" }.joined(separator: " ")
        let site = try TemporarySite(["Content/site.yml": "title: T\nbase_url: https://example.org/\n",
                                      "Content/news/2026-01-01-a.md": "---\ntitle: Plain\n---\nThe **opening** of it. \(long)\n"])
        defer { site.delete() }
        try site.build()
        let found = try SearchIndexReader(output: site.output, section: "news").find(["word60"])
        #expect(found.count == 1)
        let detail = try #require(found.first?.detail)
        #expect(detail.hasPrefix("2026-01-01 · The opening of it. word1 word2"))
        #expect(detail.hasSuffix("…") && detail.count < 200)
        #expect(!detail.contains("word60"))
    }
}
