import Foundation

/// Turns names and identifiers from outside into URL path segments that can never leave the
/// folder they are written into: lowercase ASCII letters, digits and `-`, nothing else.
public enum Slug {
    /// "Grateful Dead" → "grateful-dead", "Sigur Rós" → "sigur-ros", "AC/DC" → "ac-dc".
    /// Returns `fallback` when nothing usable is left (a name of only punctuation).
    public static func make(_ text: String, fallback: String = "untitled") -> String {
        // Folding changes nothing in ASCII but its case, which is lowered below anyway.
        let folded = text.utf8.allSatisfy { $0 < 0x80 } ? text
            : text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        result.reserveCapacity(folded.utf8.count)
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if let letters = latinLetters[scalar] {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                result += letters
            } else if scalar.isASCIIAlphanumeric {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "’" {
                continue // "Joe's" → "joes", not "joe-s"
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? fallback : result.lowercased()
    }

    /// `make` for a name that must stay apart from every other as a file name (a cached answer
    /// per artist): where `make` drops letters of another script ("ГРОТ", "久石譲", "ГРОТ feat.
    /// Ka") or leaves more than `maxBytes`, eight hex digits of the lower-cased name's digest
    /// follow, so two such names never share a file. Latin names keep `make`'s slug.
    public static func distinct(_ text: String, fallback: String) -> String {
        let maxBytes = 100
        let slug = make(text, fallback: "")
        guard slug.isEmpty || slug.utf8.count > maxBytes || dropsLetters(text) else { return slug }
        var head = slug.isEmpty ? fallback : String(slug.prefix(maxBytes))
        while head.hasSuffix("-") { head.removeLast() }
        return head + "-" + Digest.of(text.lowercased()).description.prefix(8)
    }

    /// Whether `text` holds a letter or digit that `make` leaves out: one of a script other than
    /// Latin.
    private static func dropsLetters(_ text: String) -> Bool {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        return folded.unicodeScalars.contains { scalar in
            !scalar.isASCIIAlphanumeric && latinLetters[scalar] == nil
                && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
        }
    }

    /// Latin letters that are not a letter with a mark, so folding leaves them as they are,
    /// written as their languages spell them in ASCII ("Røyksopp" → "royksopp", "Łódź" →
    /// "lodz", "Straße" → "strasse"), and ligatures as their letters. Lower case: folding has
    /// lowered the rest. Search folds them the same way (`SearchTerms`, and search.js keeps a
    /// copy that a test compares), so "Royksopp" finds Røyksopp.
    static let latinLetters: [Unicode.Scalar: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ß": "ss", "ı": "i", "ŀ": "l", "ŧ": "t",
        "ħ": "h", "ĳ": "ij", "ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st",
    ]

    /// Keeps an identifier recognisable ("gd1990-04-03.sbd.miller.flac16") while making it safe
    /// as one path segment: letters, digits, `.`, `_` and `-` pass; everything else becomes `-`;
    /// a segment of only dots, or an empty one, becomes `fallback`.
    public static func segment(_ identifier: String, fallback: String = "item") -> String {
        // Most segments (identifiers, dates, folder names) are safe already; every link of every
        // page is made of them, so those are returned as they are, checked byte by byte.
        let bytes = identifier.utf8
        if let first = bytes.first, first != UInt8(ascii: "."), bytes.count <= maxSegmentBytes,
           bytes.withContiguousStorageIfAvailable({ $0.allSatisfy(isSafe) }) ?? bytes.allSatisfy(isSafe) { return identifier }
        var result = ""
        result.reserveCapacity(identifier.utf8.count)
        for scalar in identifier.unicodeScalars {
            if scalar.isASCIIAlphanumeric || scalar == "." || scalar == "_" || scalar == "-" {
                result.unicodeScalars.append(scalar)
            } else {
                result.append("-")
            }
        }
        if result.allSatisfy({ $0 == "." }) { return fallback }
        if result.hasPrefix(".") { result = "_" + result.dropFirst() }
        return fitted(result, from: identifier)
    }

    /// The longest segment made: file systems take 255 bytes a name, and a page's folder holds
    /// "index.html" (or a file its ".ics"), so a little is kept in hand.
    public static let maxSegmentBytes = 240

    /// `segment` (ASCII) cut to `maxSegmentBytes` with a short hash of the whole `identifier`
    /// in place of the rest, so two long names that share their first 230 bytes stay two
    /// names; an extension (".ics") is kept. Real data has 274-character album titles.
    static func fitted(_ segment: String, from identifier: String) -> String {
        guard segment.utf8.count > maxSegmentBytes else { return segment }
        let suffix = "-" + String(Digest.of(identifier).description.prefix(8))
        var tail = ""
        if let dot = segment.lastIndex(of: "."), segment.distance(from: dot, to: segment.endIndex) <= 8 {
            tail = String(segment[dot...])
        }
        return String(segment.prefix(maxSegmentBytes - suffix.count - tail.count)) + suffix + tail
    }
}

/// Letters, digits, `.`, `_` and `-`: what `Slug.segment` lets through.
private func isSafe(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): true
    default: false
    }
}

private extension Unicode.Scalar {
    /// `CharacterSet.alphanumerics` restricted to ASCII, without a trip through Foundation:
    /// slugs are made for every path of every page.
    var isASCIIAlphanumeric: Bool {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }
}

/// Hands out unique slugs: the second "Grateful Dead" (or a name that folds to the same slug)
/// gets "grateful-dead-2". Callers feed names in a fixed order so the result is deterministic.
public struct SlugRegistry: Sendable {
    private var used: Set<String> = []
    /// For each base claimed twice, the counter its next claim starts from: every lower one is
    /// taken (nothing is ever given back), so a name repeated n times costs n steps, not n²/2
    /// (a post of one heading repeated made the build quadratic).
    private var next: [String: Int] = [:]

    public init(reserved: Set<String> = []) { used = reserved }

    public mutating func claim(_ base: String) -> String {
        if used.insert(base).inserted { return base }
        var counter = next[base] ?? 2
        while used.contains("\(base)-\(counter)") { counter += 1 }
        next[base] = counter + 1
        let candidate = "\(base)-\(counter)"
        used.insert(candidate)
        return candidate
    }
}
