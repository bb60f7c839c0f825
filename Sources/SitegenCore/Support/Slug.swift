import Foundation

/// Turns names and identifiers from outside into URL path segments that can never leave the
/// folder they are written into: lowercase ASCII letters, digits and `-`, nothing else.
public enum Slug {
    /// "Grateful Dead" → "grateful-dead", "Sigur Rós" → "sigur-ros", "AC/DC" → "ac-dc".
    /// Returns `fallback` when nothing usable is left (a name of only punctuation).
    public static func make(_ text: String, fallback: String = "untitled") -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        result.reserveCapacity(folded.count)
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
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

    /// Keeps an identifier recognisable ("gd1990-04-03.sbd.miller.flac16") while making it safe
    /// as one path segment: letters, digits, `.`, `_` and `-` pass; everything else becomes `-`;
    /// a segment of only dots, or an empty one, becomes `fallback`.
    public static func segment(_ identifier: String, fallback: String = "item") -> String {
        var result = ""
        for scalar in identifier.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result.append("-")
            }
        }
        if result.allSatisfy({ $0 == "." }) { return fallback }
        if result.hasPrefix(".") { result = "_" + result.dropFirst() }
        return result
    }
}

/// Hands out unique slugs: the second "Grateful Dead" (or a name that folds to the same slug)
/// gets "grateful-dead-2". Callers feed names in a fixed order so the result is deterministic.
public struct SlugRegistry: Sendable {
    private var used: Set<String> = []

    public init(reserved: Set<String> = []) { used = reserved }

    public mutating func claim(_ base: String) -> String {
        var candidate = base
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }
}
