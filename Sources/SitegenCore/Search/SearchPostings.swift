/// How a shard writes a list of ascending numbers (a term's postings, a name's documents): as
/// one JSON string of the differences from the number before, each in base 32, most significant
/// digit first, a digit that more follow as a character from `<` to `[` and the last one from `]`
/// to `|` (neither range holds a quote or a backslash, so no character is escaped). The
/// commonest difference, 2 (the next document, a term repeated through an artist's concerts),
/// is one character where a JSON array of numbers spends two; a shard takes about half the bytes
/// of such arrays, and a common word's shard is most of what a query fetches. search.js, Scripts/search-query-bytes.py
/// and the tests' reader decode it.
enum SearchPostings {
    static let more = UInt8(ascii: "<")
    static let last = UInt8(ascii: "]")

    static func write(_ values: [UInt32], into text: inout JSONText) {
        text.byte(UInt8(ascii: "\""))
        var previous: UInt32 = 0
        for value in values {
            let difference = value - previous
            previous = value
            var shift: UInt32 = 0
            while difference >> (shift + 5) > 0 { shift += 5 }
            while shift > 0 {
                text.byte(more + UInt8(difference >> shift & 31))
                shift -= 5
            }
            text.byte(last + UInt8(difference & 31))
        }
        text.byte(UInt8(ascii: "\""))
    }
}
