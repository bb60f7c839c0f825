import Foundation

/// The comparison key of a venue, so one hall spelled several ways is one concert:
/// case, accents and punctuation folded, "&" as "and", "Theatre" as "Theater", a leading "The"
/// dropped, and whatever follows the name (", New York", " - Cornell University", "(Early Show)")
/// cut off, as is the recording's own city written after the name ("Fillmore East New York").
/// "Early" or "late" anywhere, or as a part of the identifier, marks a show of its own: those
/// stay apart, as the data says.
struct VenueKey: Hashable, Comparable {
    /// "early", "late" or "".
    let show: String
    let words: [String]
    /// The recording's city (`coverage` before its first comma), folded as the name is;
    /// empty when the data does not say.
    let city: [String]

    static let none = VenueKey(show: "", words: [])

    var isNone: Bool { words.isEmpty }

    init(show: String, words: [String], city: [String] = []) {
        self.show = show
        self.words = words
        self.city = city
    }

    /// `identifierShow`: the show the recording's identifier names (`show(inIdentifier:)`), for
    /// when the venue does not say.
    init(_ venue: String?, city: String?, identifierShow: String = "") {
        guard let venue else { self = .none; return }
        let cityWords = city?.split(separator: ",").first.map { Self.normalisedWords(String($0)) }
            .map { $0 == ["nyc"] ? ["new", "york"] : $0 } ?? []
        let all = Self.normalisedWords(venue)
        let show = all.contains("early") ? "early" : (all.contains("late") ? "late" : identifierShow)
        var words = Self.normalisedWords(Self.name(in: venue))
        if words.first == "the", words.count > 1 { words.removeFirst() }
        if !cityWords.isEmpty, words.count > cityWords.count, Array(words.suffix(cityWords.count)) == cityWords {
            words.removeLast(cityWords.count)
        }
        let named = words.filter { !["early", "late", "show"].contains($0) }
        if !named.isEmpty { words = named }
        if words == ["unknown"] || words == ["unknown", "venue"] || words == ["tba"] {
            self = .none
            return
        }
        self.init(show: show, words: words, city: cityWords)
    }

    var text: String { (show.isEmpty ? "" : show + ":") + words.joined(separator: " ") }

    /// "early" or "late" when a part of the identifier between dots, dashes or underscores says
    /// so ("gd1970-02-14.early.sbd.cotsman…"), else "": tapers name the show there when the
    /// venue field, copied from the first show's page, does not.
    static func show(inIdentifier identifier: String) -> String {
        for part in identifier.lowercased().split(whereSeparator: { $0 == "." || $0 == "-" || $0 == "_" }) {
            if part == "early" || part == "earlyshow" { return "early" }
            if part == "late" || part == "lateshow" { return "late" }
        }
        return ""
    }

    /// Venues by name, so that one venue's shows of a day follow each other (and are numbered
    /// so); its shows early, unmarked, late: a tape that names neither could be either, so it
    /// stands between them. Then the city.
    static func < (lhs: VenueKey, rhs: VenueKey) -> Bool {
        if lhs.words != rhs.words { return lhs.words.joined(separator: " ") < rhs.words.joined(separator: " ") }
        if lhs.show != rhs.show { return showRank(lhs.show) < showRank(rhs.show) }
        return lhs.city.lexicographicallyPrecedes(rhs.city)
    }

    private static func showRank(_ show: String) -> Int {
        switch show {
        case "early": 0
        case "late": 2
        default: 1
        }
    }

    /// What comes before the first separator (", New York", " - Cornell University", "(Early Show)").
    static func name(in venue: String) -> String {
        guard isASCII(venue) else { return nameFoundByFoundation(in: venue) }
        let bytes = Array(venue.utf8)
        let end = bytes.indices.first { index in
            switch bytes[index] {
            case UInt8(ascii: ","), UInt8(ascii: "("), UInt8(ascii: "["): true
            case UInt8(ascii: " "): index + 2 < bytes.count && bytes[index + 2] == UInt8(ascii: " ")
                && [UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "@")].contains(bytes[index + 1])
            default: false
            }
        } ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// `name(in:)` for any text, through Foundation's search (the dashes are not ASCII).
    static func nameFoundByFoundation(in venue: String) -> String {
        let separators = [",", " - ", " – ", " — ", "(", "[", " / ", " @ "]
        let cut = separators.compactMap { venue.range(of: $0)?.lowerBound }.min() ?? venue.endIndex
        return String(venue[..<cut])
    }

    /// Lower-case runs of letters and digits, "&" as the word "and", apostrophes dropped.
    /// Nearly every venue is ASCII, which is cut at the byte; the rest is folded by Foundation
    /// (accents, widths), whose general folding is far slower.
    static func normalisedWords(_ text: String) -> [String] {
        guard isASCII(text) else { return wordsFoldedByFoundation(text) }
        var words: [String] = []
        var word: [UInt8] = []
        func endWord() {
            if !word.isEmpty { words.append(canonical(String(decoding: word, as: UTF8.self))) }
            word.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "'"): continue
            case UInt8(ascii: "&"):
                endWord()
                words.append("and")
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
            default: endWord()
            }
        }
        endWord()
        return words
    }

    /// `normalisedWords` for any text: case, accents and widths folded by Foundation.
    static func wordsFoldedByFoundation(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "&", with: " and ")
            .replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "’", with: "")
        return folded.split { !($0.isLetter || $0.isNumber) }.map { canonical(String($0)) }
    }

    private static func canonical(_ word: String) -> String {
        switch word {
        case "theatre": return "theater"
        case "centre": return "center"
        case "ctr": return "center"
        default: return word
        }
    }

    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
}

/// The venue keys of one artist's recordings, each spelling folded once: an artist plays the
/// same halls again and again, and folding goes through Foundation.
final class VenueKeys {
    private var keys: [String: VenueKey] = [:]

    func key(_ recording: Recording) -> VenueKey {
        guard let venue = recording.venue else { return .none }
        let show = VenueKey.show(inIdentifier: recording.identifier)
        let spelling = venue + "\u{1}" + (recording.city ?? "") + "\u{1}" + show
        if let known = keys[spelling] { return known }
        let key = VenueKey(venue, city: recording.city, identifierShow: show)
        keys[spelling] = key
        return key
    }
}
