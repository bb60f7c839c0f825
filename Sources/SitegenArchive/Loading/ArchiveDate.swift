import SitegenCore

/// Reads archive.org concert dates, which come partial ("1966-00-00"), zeroed
/// ("0000-00-00 00:00:00"), swapped ("1997-20-05"), invalid ("2009-09-31"), as arrays, or as the
/// search index's "no date" sentinel "0000-01-01T00:00:00Z", and repairs them from the identifier
/// ("gd1977-05-08", "gd77-05-08", "gd1967-xx-xx") where it can. Every repair or unknown part comes
/// with a note for a warning: nothing is guessed silently.
enum ArchiveDate {
    /// A date as written, part by part: nil for a part given as 00, xx or missing.
    struct Parts: Equatable {
        var year: Int?
        var month: Int?
        var day: Int?
    }

    struct Resolution: Equatable {
        var date: ConcertDate
        /// Why the date is not simply the one in the data; nil when it is.
        var note: String?
    }

    static let sentinel = "0000-01-01T00:00:00Z"

    /// "1990-04-03", "1990-04-03T00:00:00Z", "2022-11-20 12:21:52", "1966-00-00", "1990": the parts,
    /// or nil for text without a date (the sentinel, "T::Z", "").
    static func parts(_ text: String) -> Parts? {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty, trimmed != sentinel else { return nil }
        let datePart = trimmed.prefix { $0 != "T" && $0 != " " }
        let fields = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count), fields[0].count == 4 else { return nil }
        func number(_ index: Int) -> Int? {
            guard index < fields.count, let value = Int(fields[index]), value > 0 else { return nil }
            return value
        }
        // Anything that is neither digits nor an unknown marker means this is not a date at all.
        for field in fields where Int(field) == nil && !["xx", "??", ""].contains(field.lowercased()) { return nil }
        let found = Parts(year: number(0), month: number(1), day: number(2))
        return found == Parts() ? nil : found
    }

    /// The date inside an identifier: "gd1977-05-08.sbd…", "gd77-05-08…" (a two-digit year is
    /// 19yy from 40 up, else 20yy), "gd1967-xx-xx…"; "." also separates ("ph1997.11.22").
    static func fromIdentifier(_ identifier: String) -> Parts? {
        let chars = Array(identifier.lowercased())
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < chars.count && chars[i].isASCII && chars[i].isNumber }
        func part(_ start: Int) -> (value: Int?, ok: Bool) {
            guard start + 1 < chars.count else { return (nil, false) }
            let pair = String(chars[start...start + 1])
            if pair == "xx" { return (nil, true) }
            guard let value = Int(pair), pair.allSatisfy(\.isNumber) else { return (nil, false) }
            return (value > 0 ? value : nil, true)
        }
        for start in chars.indices where isDigit(start) && !isDigit(start - 1) {
            for yearLength in [4, 2] {
                let sepIndex = start + yearLength
                guard sepIndex < chars.count, (start..<sepIndex).allSatisfy(isDigit),
                      chars[sepIndex] == "-" || chars[sepIndex] == "." else { continue }
                let separator = chars[sepIndex]
                let month = part(sepIndex + 1)
                guard month.ok, sepIndex + 3 < chars.count, chars[sepIndex + 3] == separator else { continue }
                let day = part(sepIndex + 4)
                guard day.ok, !isDigit(sepIndex + 6) else { continue }
                guard let raw = Int(String(chars[start..<sepIndex])) else { continue }
                let year = yearLength == 4 ? raw : (raw >= 40 ? 1900 + raw : 2000 + raw)
                return Parts(year: year > 0 ? year : nil, month: month.value, day: day.value)
            }
        }
        return nil
    }

    /// The concert date from the date strings found for a recording (item metadata first, then
    /// search rows; arrays give several) and its identifier.
    static func resolve(candidates: [String], identifier: String) -> Resolution {
        let parsed = candidates.compactMap(parts)
        for found in parsed {
            if let year = found.year, let month = found.month, let day = found.day,
               let date = LocalDate(year: year, month: month, day: day) {
                return Resolution(date: ConcertDate(date), note: nil)
            }
        }
        // "date 'x' read as …" when one is written; "no date; read as …" when none is.
        let (written, then) = candidates.first.map { ("date '\($0)'", "") } ?? ("no date", ";")
        let fromID = fromIdentifier(identifier)
        if let id = fromID, let year = id.year, let month = id.month, let day = id.day,
           let date = LocalDate(year: year, month: month, day: day) {
            return Resolution(date: ConcertDate(date), note: "\(written)\(then) read as \(date) from the identifier")
        }
        guard var best = parsed.first ?? fromID else {
            return Resolution(date: ConcertDate(year: nil, month: nil, day: nil),
                              note: "\(written)\(candidates.isEmpty ? "," : " unknown") and none in the identifier; read as ????-??-?? (pages say the date is unknown)")
        }
        var how = "has unknown parts"
        if let month = best.month, month > 12, let day = best.day, day <= 12 {
            (best.month, best.day) = (day, month)
            how = "had month and day swapped"
        } else if let month = best.month, month > 12 {
            best.month = nil
            how = "has no valid month"
        } else if let year = best.year, let month = best.month, let day = best.day,
                  LocalDate(year: year, month: month, day: day) == nil {
            best.day = nil
            how = "has no valid day"
        }
        // Unknown parts may still be known from the identifier when it agrees on what is known.
        if let id = fromID, best.year == nil || best.year == id.year {
            best.year = best.year ?? id.year
            if best.month == nil || best.month == id.month {
                best.month = best.month ?? id.month
                best.day = best.day ?? (best.month == id.month ? id.day : nil)
            }
        }
        let date = ConcertDate(year: best.year, month: best.month, day: best.day)
        let subject = candidates.isEmpty ? "no date; the one in the identifier" : written
        if date.isComplete {
            return Resolution(date: date, note: "\(subject) \(how); read as \(date)")
        }
        return Resolution(date: date, note: "\(subject) \(how); read as \(date), the unknown parts named as such on pages")
    }
}
