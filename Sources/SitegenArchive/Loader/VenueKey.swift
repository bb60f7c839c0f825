import Foundation

/// The comparison key of a venue, so one hall spelled several ways is one concert:
/// case, accents and punctuation folded, "&" as "and", "Theatre" as "Theater", a leading "The"
/// dropped, and whatever follows the name (", New York", " - Cornell University", "(Early Show)")
/// cut off, as is the recording's own city written after the name ("Fillmore East New York").
/// "Early" or "late" anywhere marks a show of its own: those stay apart, as the data says.
struct VenueKey: Hashable, Comparable {
    /// "early", "late" or "".
    let show: String
    let words: [String]

    static let none = VenueKey(show: "", words: [])

    var isNone: Bool { words.isEmpty }

    init(show: String, words: [String]) {
        self.show = show
        self.words = words
    }

    init(_ venue: String?, city: String?) {
        guard let venue else { self = .none; return }
        let all = Self.normalisedWords(venue)
        let show = all.contains("early") ? "early" : (all.contains("late") ? "late" : "")
        let separators = [",", " - ", " – ", " — ", "(", "[", " / ", " @ "]
        let cut = separators.compactMap { venue.range(of: $0)?.lowerBound }.min() ?? venue.endIndex
        var words = Self.normalisedWords(String(venue[..<cut]))
        if words.first == "the", words.count > 1 { words.removeFirst() }
        if let city, let cityName = city.split(separator: ",").first {
            let cityWords = Self.normalisedWords(String(cityName))
            if !cityWords.isEmpty, words.count > cityWords.count, Array(words.suffix(cityWords.count)) == cityWords {
                words.removeLast(cityWords.count)
            }
        }
        let named = words.filter { !["early", "late", "show"].contains($0) }
        if !named.isEmpty { words = named }
        if words == ["unknown"] || words == ["unknown", "venue"] || words == ["tba"] {
            self = .none
            return
        }
        self.init(show: show, words: words)
    }

    /// "barton hall" names the same place as "barton hall cornell university" on one date.
    func isPrefix(of other: VenueKey) -> Bool {
        !words.isEmpty && show == other.show && words.count < other.words.count && Array(other.words.prefix(words.count)) == words
    }

    var text: String { (show.isEmpty ? "" : show + ":") + words.joined(separator: " ") }

    static func < (lhs: VenueKey, rhs: VenueKey) -> Bool { lhs.text < rhs.text }

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
}

/// The venue keys of one artist's recordings, each spelling folded once: an artist plays the
/// same halls again and again, and folding goes through Foundation.
final class VenueKeys {
    private var keys: [String: VenueKey] = [:]

    func key(_ recording: Recording) -> VenueKey {
        guard let venue = recording.venue else { return .none }
        let spelling = venue + "\u{1}" + (recording.city ?? "")
        if let known = keys[spelling] { return known }
        let key = VenueKey(venue, city: recording.city)
        keys[spelling] = key
        return key
    }
}
