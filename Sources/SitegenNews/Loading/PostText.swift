import SitegenCore

/// What the search index keeps of a post's body: its terms, each once in the order they first
/// come, and its opening words. Made from the plain text of the markdown once, when the post is
/// read (and kept in the file memo with it), not from the page, which renders later.
enum PostText {
    /// About a line of text: the snippet of a post without a summary.
    static let openingLength = 160

    static func of(body: String) -> (terms: String, opening: String) {
        let plain = Markdown().plainText(body)
        return (SearchTerms.distinctTerms(of: plain), opening(of: plain))
    }

    /// The first words of `plain`, whole, up to `openingLength` characters; "…" when cut.
    static func opening(of plain: String) -> String {
        // The opening needs its first `openingLength` characters and the word they end in: a
        // prefix of bytes holds them unless one word is longer, and then its start is enough.
        // Words are told apart by scalar, with ASCII's whitespace known without Unicode's
        // tables; only the words kept are counted in characters.
        let end = plain.utf8.index(plain.utf8.startIndex, offsetBy: 8 * openingLength, limitedBy: plain.utf8.endIndex) ?? plain.utf8.endIndex
        let scalars = plain.unicodeScalars[..<end]
        var opening = ""
        var length = 0
        var wordStart: String.Index? = nil
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
        }
        // Adds a word; false when it does not fit, and the opening is then complete.
        func add(_ word: Substring) -> Bool {
            let count = word.count
            if length + count + 1 > openingLength {
                opening = opening.isEmpty ? String(word.prefix(openingLength)) + "…" : opening + "…"
                return false
            }
            opening += opening.isEmpty ? String(word) : " " + word
            length += length == 0 ? count : count + 1
            return true
        }
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let space = isSpace(scalars[index])
            if space, let start = wordStart {
                if !add(plain[start..<index]) { return opening }
                wordStart = nil
            } else if !space, wordStart == nil {
                wordStart = index
            }
            index = scalars.index(after: index)
        }
        if let start = wordStart { _ = add(plain[start..<scalars.endIndex]) }
        return opening
    }
}
