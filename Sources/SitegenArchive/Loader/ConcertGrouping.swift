import Foundation
import SitegenCore

/// Groups one artist's recordings into concerts: same normalised date and same normalised venue.
/// "Fillmore East", "The Fillmore East" and "Fillmore East, New York" are one venue; two venues
/// on one date are two concerts. A recording with no venue joins the date's concert when the
/// date has exactly one, else it stands with the other venue-less recordings of that date.
enum ConcertGrouping {
    /// The comparison key of a venue: folded case and accents, "&" as "and", "theatre" as
    /// "theater", punctuation dropped, a leading "the" and a trailing city (after a comma, or
    /// the recording's own city written after the name) removed.
    static func venueKey(_ venue: String?, city: String?) -> String {
        guard let venue else { return "" }
        let name = venue.split(separator: ",", maxSplits: 1).first.map(String.init) ?? venue
        var words = normalisedWords(name)
        if words.first == "the", words.count > 1 { words.removeFirst() }
        if let city, let cityName = city.split(separator: ",").first {
            let cityWords = normalisedWords(String(cityName))
            if !cityWords.isEmpty, words.count > cityWords.count, Array(words.suffix(cityWords.count)) == cityWords {
                words.removeLast(cityWords.count)
            }
        }
        return words.joined(separator: " ")
    }

    private static func normalisedWords(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "&", with: " and ")
            .replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "’", with: "")
        return folded.split { !($0.isLetter || $0.isNumber) }.map { word in
            switch word {
            case "theatre": return "theater"
            case "centre": return "center"
            case "ctr": return "center"
            default: return String(word)
            }
        }
    }

    struct Group {
        var date: ConcertDate
        var venueKey: String
        var recordings: [Recording]
    }

    /// The concerts of one artist, in date order (and venue order within a date).
    static func group(_ recordings: [Recording]) -> [Group] {
        var byKey: [String: Group] = [:]
        var venueless: [Recording] = []
        for recording in recordings.sorted(by: { $0.identifier < $1.identifier }) {
            let venue = venueKey(recording.venue, city: recording.city)
            if venue.isEmpty { venueless.append(recording); continue }
            byKey["\(recording.date.key)|\(venue)", default: Group(date: recording.date, venueKey: venue, recordings: [])]
                .recordings.append(recording)
        }
        let datesWithOneVenue = Dictionary(grouping: byKey.values, by: \.date).filter { $0.value.count == 1 }
        for recording in venueless {
            if let only = datesWithOneVenue[recording.date]?.first {
                byKey["\(only.date.key)|\(only.venueKey)"]?.recordings.append(recording)
            } else {
                byKey["\(recording.date.key)|", default: Group(date: recording.date, venueKey: "", recordings: [])]
                    .recordings.append(recording)
            }
        }
        return byKey.values.sorted { ($0.date, $0.venueKey) < ($1.date, $1.venueKey) }
    }

    /// The name to show: the value most recordings give; on a tie, the one that comes first
    /// (callers pass recordings best first, so the recommended recording's spelling wins).
    static func mostCommon(_ values: [String?]) -> String? {
        var counts: [String: (count: Int, first: Int)] = [:]
        for (position, value) in values.enumerated() {
            guard let value else { continue }
            counts[value, default: (0, position)].count += 1
        }
        return counts.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.value.first < $1.value.first }
            .first?.key
    }
}
