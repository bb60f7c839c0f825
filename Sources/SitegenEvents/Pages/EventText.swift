import Foundation
import SitegenCore

/// Formatting of event values for machines and times (in Swift, so templates do no logic) and
/// the external links an event page offers. Always POSIX: output never depends on the machine's
/// locale. Words, dates and numbers for people are the site language's (`SiteLanguage`).
enum EventText {
    /// "20:00", for machines (`<time datetime>`); people read `SiteLanguage.time`.
    static func time(_ time: LocalTime) -> String { time.hour.zeroPadded(2) + ":" + time.minute.zeroPadded(2) }

    /// "2026-11-22T20:00" for <time datetime>.
    static func machine(_ date: LocalDate, _ time: LocalTime?) -> String {
        guard let time else { return date.description }
        return date.description + "T" + self.time(time)
    }

    /// A tel: URI (RFC 3966) from a phone number as written: "+44 20 7482 8000" →
    /// "tel:+442074828000"; "(212) 260-4700" → "tel:2122604700". Nil with fewer than 5 digits,
    /// with letters (a "call the box office" note is not a number) or a "+" that does not lead.
    /// Of several numbers ("212 353 1600 / 212 353 1601") the first; a part too short to be a
    /// number is an area code ("030/1234567", "030 / 1234567"), so the whole is one. More
    /// than the 15 digits a number has at most (E.164) is no number.
    static func telURI(_ phone: String) -> String? {
        let parts = phone.split(whereSeparator: { "/,;".contains($0) })
        let first = parts.first.map(String.init) ?? ""
        let digitsOfFirst = first.filter { $0.isASCII && $0.isNumber }.count
        let number = digitsOfFirst >= 5 ? first : phone.filter { !"/,;".contains($0) }
        var digits = ""
        for (index, character) in number.trimmed.enumerated() {
            if character.isASCII, character.isNumber { digits.append(character) }
            else if character == "+" {
                guard index == 0 else { return nil }
                digits.append("+")
            } else if character.isLetter { return nil }
        }
        return (5...15).contains(digits.filter(\.isNumber).count) ? "tel:" + digits : nil
    }

    static func coordinate(_ value: Double) -> String { String(format: "%.5f", value) }

    /// Great-circle distance in kilometres (haversine, mean Earth radius 6371 km).
    static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians
        let dLng = (b.longitude - a.longitude) * radians
        let h = pow(sin(dLat / 2), 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * pow(sin(dLng / 2), 2)
        return 2 * 6371 * asin(min(1, sqrt(h)))
    }

    // MARK: Links

    static func videoSearch(_ artist: String) -> String {
        "https://www.youtube.com/results?search_query=" + PercentEncoding.encoded(artist)
    }

    static func openStreetMap(_ point: Coordinate) -> String {
        let lat = coordinate(point.latitude), lng = coordinate(point.longitude)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lng)#map=16/\(lat)/\(lng)"
    }

    static func mailto(subject: String, body: String) -> String {
        "mailto:?subject=" + PercentEncoding.encoded(subject) + "&body=" + PercentEncoding.encoded(body)
    }
}
