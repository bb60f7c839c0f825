import Foundation

/// How text becomes index terms; search.js does the same to a query, so the two must agree:
/// letters lowercased with accents removed (NFD, combining marks dropped), apostrophes dropped
/// ("Don't" → "dont"), and every run of letters and digits one term. Single letters are left
/// out (they would find everything) unless a text has nothing else (the album "Z"); single
/// digits stay (track and disc numbers, dates).
public enum SearchTerms {
    static func terms(of text: String, into terms: inout [String]) {
        let start = terms.count
        split(text, into: &terms, letters: false)
        if terms.count == start { split(text, into: &terms, letters: true) }
    }

    /// Splits on bytes: a run of letters, digits and non-ASCII bytes between ASCII separators is
    /// one segment; an all-ASCII segment is a term as it is, lowercased, and only a segment with
    /// other bytes goes through Unicode's tables (`splitUnicode`), which may split it further at
    /// its own separators ("rock—roll"). A post body of kilobytes with one curly quote so costs
    /// one word's Unicode work, not the whole text's.
    private static func split(_ text: String, into terms: inout [String], letters: Bool) {
        var current: [UInt8] = []
        var ascii = true
        func flush() {
            if ascii {
                if current.count > 1 || (current.count == 1 && (letters || current[0] <= UInt8(ascii: "9"))) {
                    terms.append(String(decoding: current, as: UTF8.self))
                }
            } else {
                splitUnicode(String(decoding: current, as: UTF8.self), into: &terms, letters: letters)
            }
            current.removeAll(keepingCapacity: true)
            ascii = true
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 32)
            case UInt8(ascii: "'"): break
            case 0x80...: current.append(byte); ascii = false
            default: flush()
            }
        }
        flush()
    }

    /// Unicode's way: accents removed (NFD, combining marks dropped), lowercased, every run of
    /// letters and digits a term.
    static func splitUnicode(_ text: String, into terms: inout [String], letters: Bool) {
        var current = String.UnicodeScalarView()
        func flush() {
            if current.count > 1 || (current.count == 1 && (letters || current.first!.properties.numericType != nil)) {
                terms.append(String(current))
            }
            current = String.UnicodeScalarView()
        }
        for scalar in text.decomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            let properties = scalar.properties
            if properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
                || properties.generalCategory == .enclosingMark || scalar == "'" || scalar == "\u{2019}" { continue }
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
