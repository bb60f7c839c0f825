import SitegenCore

/// What the search index keeps of a post's body: its terms, each once in the order they first
/// come, and its opening words. Made from the plain text of the markdown once, when the post is
/// read (and kept in the file memo with it), not from the page, which renders later.
enum PostText {
    /// About a line of text: the snippet of a post without a summary.
    static let openingLength = 160

    static func of(body: String) -> (terms: String, opening: String) {
        let plain = Markdown().plainText(body)
        var seen: Set<Substring> = []
        var terms: [Substring] = []
        let normalized = SearchTerms.normalized(plain)
        for term in normalized.split(separator: " ") where seen.insert(term).inserted { terms.append(term) }
        return (terms.joined(separator: " "), opening(of: plain))
    }

    /// The first words of `plain`, whole, up to `openingLength` characters; "…" when cut.
    static func opening(of plain: String) -> String {
        var opening = ""
        for word in plain.split(whereSeparator: { $0.isWhitespace }) {
            if opening.count + word.count + 1 > openingLength {
                return opening.isEmpty ? String(word.prefix(openingLength)) + "…" : opening + "…"
            }
            opening += opening.isEmpty ? String(word) : " " + word
        }
        return opening
    }
}
