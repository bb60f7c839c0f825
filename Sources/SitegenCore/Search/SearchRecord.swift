/// One thing a visitor can find through the site search: an artist, a concert, a song, a post…
/// Sections make these from their domain models (`Section.searchRecords`); the index writer
/// turns them into the files the search page fetches. Words here are data, never visitor
/// wording: the search page's template names the kinds.
public struct SearchRecord: Sendable, Hashable {
    /// What it is ("artist", "concert", "song"): results are grouped by it, and `search.kinds`
    /// in site.yml chooses which are indexed.
    public var kind: String
    /// What it is called: the result's link text. A query that matches these words ranks first,
    /// and one that matches all of them exactly ranks above everything else of its kind.
    public var name: String
    /// The line shown under the name (date, venue and city, artist).
    public var detail: String
    /// The page it links to.
    public var path: SitePath
    /// More words that find it but are not its name (city, taper, tags, summary).
    public var words: [String]
    /// A date, understood in the forms fans type (1977-05-08, 5/8/77, May 8 1977).
    public var date: SearchDate?
    /// Which of a kind's documents the first tier of the index holds when not all of them fit
    /// (`SearchFirstTier`): higher first, equal ones in the section's order. News posts are
    /// listed oldest first (so that a new one only adds to the index) and give the newest the
    /// highest.
    public var precedence: Int

    public init(kind: String, name: String, detail: String, path: SitePath, words: [String] = [], date: SearchDate? = nil,
                precedence: Int = 0) {
        self.kind = kind
        self.name = name
        self.detail = detail
        self.path = path
        self.words = words
        self.date = date
        self.precedence = precedence
    }
}

/// A date as far as it is known: the archive has concerts with an unknown day or month.
public struct SearchDate: Sendable, Hashable {
    public var year: Int
    public var month: Int?
    public var day: Int?

    public init(year: Int, month: Int? = nil, day: Int? = nil) {
        self.year = year
        self.month = month
        self.day = month == nil ? nil : day
    }

    /// The index terms of the date: the whole day ("d19770508"), its month ("m197705") and its
    /// year, in four digits and in the two fans write ("1977", "77"). search.js turns a query's
    /// dates into the same terms. The day of the year in any year ("md0508") is for search.js to
    /// fetch, once "5/8" or "May 8" is typed, the shard whose documents answer the date when its
    /// year is typed (`SearchInline`); no query searches it.
    var terms: [String] {
        guard (1...9999).contains(year) else { return [] }
        let y = year.zeroPadded(4)
        var terms = [y, String(y.suffix(2))]
        if let month, (1...12).contains(month) {
            terms.append("m" + y + month.zeroPadded(2))
            if let day, (1...31).contains(day) {
                terms.append("d" + y + month.zeroPadded(2) + day.zeroPadded(2))
                terms.append("md" + month.zeroPadded(2) + day.zeroPadded(2))
            }
        }
        return terms
    }

    /// A day's term ("d19770508", "md0508"), as `terms` makes them.
    static func isDayTerm(_ term: String) -> Bool {
        let bytes = term.utf8
        let digits = bytes.first == UInt8(ascii: "d") ? 8 : bytes.starts(with: "md".utf8) ? 4 : -1
        return digits > 0 && bytes.count == digits + (digits == 8 ? 1 : 2)
            && bytes.suffix(digits).allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The date in the first tier of an index (`SearchFirstTier`): "19770508", "197705" or
    /// "1977", from which search.js makes the terms above.
    var compact: String? {
        guard (1...9999).contains(year) else { return nil }
        guard let month, (1...12).contains(month) else { return year.zeroPadded(4) }
        guard let day, (1...31).contains(day) else { return year.zeroPadded(4) + month.zeroPadded(2) }
        return year.zeroPadded(4) + month.zeroPadded(2) + day.zeroPadded(2)
    }
}
