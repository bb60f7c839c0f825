import SitegenCore

/// Numbers, ratings and dates as the archive pages show them, formatted once in Swift so the
/// templates do no logic, in the site's language (`SiteLanguage`), never the machine's locale.
enum ArchiveFormat {
    /// "8 May 1977"; with unknown parts in words: "May 1966, day unknown", "1966, date
    /// unknown", "Date unknown" (never the data's "1966-??-??").
    static func date(_ date: ConcertDate, _ language: SiteLanguage) -> String {
        if let full = date.localDate { return language.date(full, .long) }
        guard let year = date.year else { return language.text("date_unknown") }
        if let month = date.month, let first = LocalDate(year: year, month: month, day: 1) {
            return language.text("day_unknown", ["month": language.date(first, .monthYear)])
        }
        return language.text("month_unknown", ["year": String(year)])
    }

    /// A concert's venue, or the language's words for one nobody named ("Unknown venue"), with
    /// its show when the day had two there ("Fillmore East (early show)").
    static func venue(_ concert: Concert, _ language: SiteLanguage) -> String {
        let name = concert.venue ?? language.text("unknown_venue")
        guard let show = concert.show else { return name }
        return language.text("venue_\(show)_show", ["venue": name])
    }

    /// A recording's title when its item has none: "A Live at V on 8 May 1977". Without a
    /// venue, or with a date partly unknown ("1966, date unknown"), the sentence would not
    /// read ("Live at Unknown venue", "on 1966, date unknown"): each case has its own words.
    static func recordingTitle(artist: String, venue: String?, date: ConcertDate, _ language: SiteLanguage) -> String {
        let key = venue == nil ? "recording_title_no_venue" : date.isComplete ? "recording_title" : "recording_title_partial_date"
        return language.text(key, ["artist": artist, "venue": venue ?? "", "date": self.date(date, language)])
    }

    /// A favourite's detail line: the parts known, left out when unknown (a card that says
    /// "unknown · Unknown venue" says nothing), or nil when none is.
    static func detail(_ parts: [String?]) -> String? {
        let known = parts.compactMap { $0 }
        return known.isEmpty ? nil : known.joined(separator: " · ")
    }

    /// A recording's type as a short label: the abbreviation collectors write in every language
    /// ("SBD", "Pre-FM"), or the language's word for "unknown".
    static func type(_ type: RecordingType, _ language: SiteLanguage) -> String {
        type == .unknown ? language.text("unknown") : type.rawValue
    }

    /// The `datetime` of a `<time>`: "1977-05-08", "1966-05", "1966"; nil when the year is unknown.
    static func dateISO(_ date: ConcertDate) -> String? {
        guard let year = date.year else { return nil }
        if let full = date.localDate { return full.description }
        if let month = date.month { return year.zeroPadded(4) + "-" + month.zeroPadded(2) }
        return year.zeroPadded(4)
    }

    static func stars(_ rating: Rating?, _ language: SiteLanguage) -> StarsModel? {
        guard let rating, (rating.count ?? 0) > 0 || rating.average > 0 else { return nil }
        return StarsModel(symbols: starSymbols(Int(rating.average.rounded())),
                          average: language.decimal(rating.average, digits: 1),
                          reviewCount: rating.count.flatMap { $0 > 0 ? language.count("reviews", $0) : nil })
    }

    /// A file format as a collector writes it: archive.org's "Flac" and "24bit Flac" are
    /// FLAC (an acronym, as MP3 already is); any other name of its fixed list is shown as it
    /// gives it. Compared whole: every file link of every track passes here.
    static func formatName(_ format: String) -> String {
        switch format {
        case "Flac": "FLAC"
        case "24bit Flac": "24bit FLAC"
        default: format
        }
    }

    /// "★★★☆☆" for 3: five places, the count held to 0–5 whatever the data said.
    static func starSymbols(_ count: Int) -> String {
        let whole = min(max(count, 0), 5)
        return String(repeating: "★", count: whole) + String(repeating: "☆", count: 5 - whole)
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

