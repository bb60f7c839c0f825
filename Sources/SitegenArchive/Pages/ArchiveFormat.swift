import SitegenCore

/// Numbers, ratings and dates as the archive pages show them, formatted once in Swift so the
/// templates do no logic and the output never depends on the machine's locale.
enum ArchiveFormat {
    /// 12345 → "12,345".
    static func count(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// "1 concert", "12 concerts".
    static func plural(_ value: Int, _ noun: String) -> String {
        "\(count(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// "8 May 1977"; with unknown parts in words: "May 1966, day unknown", "1966, date
    /// unknown", "Date unknown" (never the data's "1966-??-??").
    static func date(_ date: ConcertDate) -> String {
        if let full = date.localDate { return DateText.long(full) }
        guard let year = date.year else { return "Date unknown" }
        if let month = date.month { return "\(DateText.monthName(month)) \(year), day unknown" }
        return "\(year), date unknown"
    }

    /// The `datetime` of a `<time>`: "1977-05-08", "1966-05", "1966"; nil when the year is unknown.
    static func dateISO(_ date: ConcertDate) -> String? {
        guard let year = date.year else { return nil }
        if let full = date.localDate { return full.description }
        if let month = date.month { return year.zeroPadded(4) + "-" + month.zeroPadded(2) }
        return year.zeroPadded(4)
    }

    static func stars(_ rating: Rating?) -> StarsModel? {
        guard let rating, (rating.count ?? 0) > 0 || rating.average > 0 else { return nil }
        let whole = Int(rating.average.rounded())
        return StarsModel(symbols: String(repeating: "★", count: whole) + String(repeating: "☆", count: 5 - whole),
                          average: String(format: "%.1f", rating.average),
                          reviewCount: rating.count.flatMap { $0 > 0 ? plural($0, "review") : nil })
    }

    /// The first line of a source description, shortened for a tile.
    static func summary(_ text: String?, limit: Int = 110) -> String? {
        // The first line that is not empty, found without splitting the whole text into lines.
        guard let text else { return nil }
        let line = String(text.drop { $0 == "\n" }.prefix { $0 != "\n" })
        guard !line.isEmpty else { return nil }
        guard line.count > limit else { return line }
        return String(line.prefix(limit - 1)).trimmed + "…"
    }
}

/// A star rating: "★★★★☆", "4.2", "12 reviews".
public struct StarsModel: Sendable, Equatable {
    public var symbols: String
    public var average: String
    /// Not `reviews`: the recording page's list of that name would answer when this is nil.
    public var reviewCount: String?
}

/// A link with its text; `href` is site-relative.
public struct LinkModel: Sendable, Equatable {
    public var title: String
    public var href: String
}
