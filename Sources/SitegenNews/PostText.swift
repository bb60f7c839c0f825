import SitegenCore

/// What the search index keeps of a post's body: its terms, each once in the order they first
/// come, and its opening words. Made from the plain text of the markdown once, when the post is
/// read (and kept in the file memo with it), not from the page, which renders later.
enum PostText {
    /// About a line of text: the snippet of a post without a summary.
    static let openingLength = 160

    static func of(body: String) -> (terms: String, opening: String) {
        let plain = Markdown().plainText(body)
        var seen: Set<String> = []
        var terms: [String] = []
        for term in SearchTerms.terms(of: plain) where seen.insert(term).inserted { terms.append(term) }
        return (terms.joined(separator: " "), opening(of: plain))
    }

    /// The first words of `plain`, whole, up to `openingLength` characters; "…" when cut.
    static func opening(of plain: String) -> String {
        // The opening needs its first `openingLength` characters and the word they end in: a
        // prefix of bytes holds them unless one word is longer, and then its start is enough.
        let end = plain.utf8.index(plain.utf8.startIndex, offsetBy: 8 * openingLength, limitedBy: plain.utf8.endIndex) ?? plain.utf8.endIndex
        let plain = plain[..<end]
        var opening = ""
        var length = 0
        // Only the first words are looked at: `openingLength` of them cannot fit, so the split
        // stops there instead of cutting a whole body of kilobytes into words.
        for word in plain.split(maxSplits: openingLength, omittingEmptySubsequences: true, whereSeparator: { $0.isWhitespace }) {
            let count = word.count
            if length + count + 1 > openingLength {
                return opening.isEmpty ? String(word.prefix(openingLength)) + "…" : opening + "…"
            }
            opening += opening.isEmpty ? String(word) : " " + word
            length += length == 0 ? count : count + 1
        }
        return opening
    }
}
