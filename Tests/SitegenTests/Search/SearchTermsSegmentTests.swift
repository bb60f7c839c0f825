import Testing
@testable import SitegenCore

/// Terms are found segment by segment (only a word with non-ASCII bytes goes through Unicode's
/// tables); they must be the terms the whole text gives through those tables.
@Suite("Search terms: segments agree with the whole text")
struct SearchTermsSegmentTests {
    static let alphabet: [String] = ["a", "B", "z", "0", "9", " ", " ", "-", "'", ".", "é", "E\u{301}", "—", "’", "Σ", "ß", "İ", "ﬁ", "Ü", "١"]

    static func wholeText(_ text: String) -> [String] {
        var terms: [String] = []
        SearchTerms.splitUnicode(text, into: &terms, letters: false)
        if terms.isEmpty { SearchTerms.splitUnicode(text, into: &terms, letters: true) }
        return terms
    }

    @Test("seeded mixed text")
    func seeded() {
        var generator = SeededGenerator(seed: 0x7e4d)
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 1...14, using: &generator)).map { _ in Self.alphabet.randomElement(using: &generator)! }.joined()
            #expect(SearchTerms.terms(of: text) == Self.wholeText(text), "\(text.debugDescription)")
        }
    }

    @Test("a long ASCII body with one curly quote")
    func longBody() {
        let text = String(repeating: "Scarlet Begonias into Fire on the Mountain, ", count: 50) + "“Cornell” 5/8/77"
        #expect(SearchTerms.terms(of: text) == Self.wholeText(text))
        #expect(SearchTerms.terms(of: text).suffix(4) == ["cornell", "5", "8", "77"])
    }

    @Test("distinct terms: each term once, in the order it first comes")
    func distinct() {
        var generator = SeededGenerator(seed: 0x51d7)
        for _ in 0..<2000 {
            // Short words from a small alphabet repeat often, and enough of them (hundreds in
            // some texts) make the table grow.
            let text = (0..<Int.random(in: 1...600, using: &generator)).map { _ in Self.alphabet.randomElement(using: &generator)! }.joined()
            var seen: Set<String> = []
            let expected = SearchTerms.terms(of: text).filter { seen.insert($0).inserted }.joined(separator: " ")
            #expect(SearchTerms.distinctTerms(of: text) == expected, "\(text.debugDescription)")
        }
    }
}
