import SitegenCore

/// Whether two venue keys of one artist on one date name the same place, so that their
/// recordings are one concert. The rule, in order:
/// 1. The same show: "early" and "late" shows stay apart.
/// 2. The same city, or a city missing on one side: venues in different cities are never one
///    ("Fillmore", San Francisco, and "Fillmore East", New York, on the same date stay two).
///    "New York", "New York City" and "NYC" are one city: one is the start of the other, and
///    "NYC" is read as "New York".
/// 3. One name holds the other once filler words are set aside, a word of three letters or more
///    also standing for a longer one it begins: "Barton Hall" and "Barton Hall Cornell
///    University", "Cal State University" (the name before its comma) and "Cal State Dominguez
///    Hills", "Cal State Dominguez Hills" and "California State University Dominguez Hills".
/// 4. Or the names differ in one word only, by one letter in a word of four letters or more (two
///    in a word of eight or more): "Capital Centre" and "Capitol Centre".
enum SameVenue {
    /// Words that qualify a name without telling two places apart.
    static let fillers: Set<String> = ["the", "of", "at", "and", "university", "univ", "college", "campus"]

    static func matches(_ a: VenueKey, _ b: VenueKey) -> Bool {
        guard a.show == b.show, !a.isNone, !b.isNone, sameCity(a.city, b.city) else { return false }
        return a.words == b.words || holds(a.words, b.words) || holds(b.words, a.words) || misspelt(a.words, b.words)
    }

    static func sameCity(_ a: [String], _ b: [String]) -> Bool {
        a.isEmpty || b.isEmpty || a.starts(with: b) || b.starts(with: a)
    }

    /// Every telling word of `inner` is in `outer`, whole or as the start of a word of three
    /// letters or more ("cal state" in "california state university dominguez hills").
    static func holds(_ outer: [String], _ inner: [String]) -> Bool {
        let telling = inner.filter { !fillers.contains($0) }
        guard !telling.isEmpty else { return false }
        return telling.allSatisfy { word in
            outer.contains { $0 == word || (word.utf8.count >= 3 && $0.hasPrefix(word)) }
        }
    }

    static func misspelt(_ a: [String], _ b: [String]) -> Bool {
        guard a.count == b.count else { return false }
        let differing = zip(a, b).filter { $0 != $1 }
        guard differing.count == 1, let (x, y) = differing.first else { return false }
        let shorter = min(x.utf8.count, y.utf8.count)
        guard shorter >= 4 else { return false }
        return EditDistance.within(shorter >= 8 ? 2 : 1, x, y) != nil
    }
}
