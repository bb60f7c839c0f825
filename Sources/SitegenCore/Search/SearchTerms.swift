import Foundation

/// How text becomes index terms; search.js does the same to a query, so the two must agree:
/// letters lowercased with accents removed (NFD, combining marks dropped), the Latin letters
/// that have no mark to drop spelled in ASCII as slugs spell them ("ø" → "o", "ß" → "ss",
/// `Slug.latinLetters`), apostrophes dropped
/// ("Don't" → "dont"), and every run of letters and digits one term. Single letters are left
/// out (they would find everything) unless a text has nothing else (the album "Z"); single
/// digits stay (track and disc numbers, dates). A term is cut to `maxLength` letters.
public enum SearchTerms {
    /// Longer words are cut (search.js cuts a query's the same way): no one types 64 letters
    /// as one word, and the index's shards split a letter at a time, so a 40,000-letter "word"
    /// in a cached venue or a post would nest them 40,000 deep.
    static let maxLength = 64

    static func terms(of text: String, into terms: inout [String]) {
        let start = terms.count
        split(text, letters: false) { terms.append(String(decoding: $0, as: UTF8.self)) }
        if terms.count == start { split(text, letters: true) { terms.append(String(decoding: $0, as: UTF8.self)) } }
    }

    /// The terms of `text`, each once in the order they first come, joined by spaces: what the
    /// index keeps of a post's body. Made on the bytes (`DistinctTerms`), without a string per
    /// word, since every post of a site goes through it.
    public static func distinctTerms(of text: String) -> String {
        var distinct = DistinctTerms()
        split(text, letters: false) { distinct.insert($0) }
        if distinct.isEmpty { split(text, letters: true) { distinct.insert($0) } }
        return distinct.joined
    }

    /// Splits on bytes: a run of letters, digits and non-ASCII bytes between ASCII separators is
    /// one segment; an all-ASCII segment is a term as it is, lowercased, and only a segment with
    /// other bytes goes through Unicode's tables (`splitUnicode`), which may split it further at
    /// its own separators ("rock—roll"). A post body of kilobytes with one curly quote so costs
    /// one word's Unicode work, not the whole text's. Each term goes to `emit` as UTF-8: a
    /// lowercase ASCII word straight from the text, any other from a scratch copy.
    private static func split(_ text: String, letters: Bool, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var scratch: [UInt8] = []
            var start = 0
            var ascii = true
            var asIs = true   // no capital and no apostrophe: the bytes are the term
            func flush(_ end: Int) {
                defer { start = end + 1; ascii = true; asIs = true }
                guard start < end else { return }
                if ascii && asIs {
                    let count = end - start
                    if count > 1 || (count == 1 && (letters || bytes[start] <= UInt8(ascii: "9"))) {
                        emit(UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + maxLength)]))
                    }
                    return
                }
                scratch.removeAll(keepingCapacity: true)
                for byte in bytes[start..<end] where byte != UInt8(ascii: "'") {
                    scratch.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
                }
                if ascii {
                    if scratch.count > maxLength { scratch.removeSubrange(maxLength...) }
                    if scratch.count > 1 || (scratch.count == 1 && (letters || scratch[0] <= UInt8(ascii: "9"))) {
                        scratch.withUnsafeBufferPointer(emit)
                    }
                } else {
                    var terms: [String] = []
                    splitUnicode(String(decoding: scratch, as: UTF8.self), into: &terms, letters: letters)
                    for var term in terms { term.withUTF8(emit) }
                }
            }
            for index in 0..<bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): continue
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "'"): asIs = false
                case 0x80...: ascii = false
                default: flush(index)
                }
            }
            flush(bytes.count)
        }
    }

    /// Unicode's way: accents removed (NFD, combining marks dropped), letters without a mark
    /// spelled in ASCII, lowercased, every run of letters and digits a term.
    static func splitUnicode(_ text: String, into terms: inout [String], letters: Bool) {
        var current = String.UnicodeScalarView()
        func flush() {
            if current.count > maxLength { current = String.UnicodeScalarView(current.prefix(maxLength)) }
            if current.count > 1 || (current.count == 1 && (letters || current.first!.properties.numericType != nil)) {
                terms.append(String(current))
            }
            current = String.UnicodeScalarView()
        }
        for scalar in text.decomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            let properties = scalar.properties
            if properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
                || properties.generalCategory == .enclosingMark || scalar == "'" || scalar == "\u{2019}" { continue }
            if let spelled = Slug.latinLetters[scalar] {
                current.append(contentsOf: spelled.unicodeScalars)
                continue
            }
            if properties.isAlphabetic || properties.generalCategory == .decimalNumber
                || properties.generalCategory == .letterNumber || properties.generalCategory == .otherNumber {
                current.append(scalar)
            } else {
                flush()
            }
        }
        flush()
    }

    public static func terms(of text: String) -> [String] {
        var result: [String] = []
        terms(of: text, into: &result)
        return result
    }
}

extension SearchTerms {
    /// The terms of a text joined by spaces: two spellings of one name ("Scarlet Begonias ->",
    /// "scarlet begonias") give the same.
    public static func normalized(_ text: String) -> String { terms(of: text).joined(separator: " ") }
}
