import Foundation
@testable import SitegenCore
@testable import SitegenNews
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
        #expect(detail.hasPrefix("1 January 2026 · The opening of it. word1 word2"))
        #expect(detail.hasSuffix("…") && detail.count < 200)
        #expect(!detail.contains("word60"))
    }
}

@Suite("Post openings")
struct PostOpeningTests {
    @Test("whole words up to 160 characters, and an ellipsis when cut")
    func cut() {
        #expect(PostText.opening(of: "  A short  post.\n") == "A short post.")
        let long = (1...60).map { "word\($0)" }.joined(separator: " ")
        let opening = PostText.opening(of: long)
        #expect(opening.hasSuffix("…"))
        #expect(opening.count <= PostText.openingLength + 1)
        #expect(long.hasPrefix(String(opening.dropLast())))
        #expect(long.dropFirst(opening.count - 1).first == " ")
    }

    @Test("Unicode's spaces part words; characters, not bytes, are counted")
    func unicode() {
        #expect(PostText.opening(of: "Théâtre\u{00A0}de\u{3000}l’Olympia") == "Théâtre de l’Olympia")
        let accented = String(repeating: "e\u{301}", count: 158) + " next"
        #expect(PostText.opening(of: accented) == String(repeating: "e\u{301}", count: 158) + "…")
        let word = String(repeating: "x", count: 400)
        #expect(PostText.opening(of: word) == String(repeating: "x", count: 160) + "…")
    }
}
