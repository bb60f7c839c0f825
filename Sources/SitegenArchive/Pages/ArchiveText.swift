import SitegenCore

/// Archive data made fit to read: what taped-and-uploaded metadata holds is often a
/// placeholder ("unknown", "n/a"; `ArchiveValue`), a date with unknown parts, or a description
/// that is the track list again. The pages show people's words, not the data's stand-ins.
enum ArchiveText {
    // The patterns of text these functions look for. Every recording page passes here, most of
    // its text is ASCII, and a Swift regex is far slower than a byte loop: ASCII text is read on
    // bytes by `ArchiveTextBytes`, the regexes decide for the rest (and are the tests' reference).
    // A regex literal is parsed each time it is evaluated, so each is parsed once; they are never
    // mutated after this, hence nonisolated(unsafe).
    nonisolated(unsafe) static let unknownDatePart = /\d{4}-(00|\?\?|xx)|-(00|\?\?|xx)(\D|$)/
    nonisolated(unsafe) static let trackNumber = /(d\d+)?t?\d{1,3}[.):\-]?\s+/
    nonisolated(unsafe) private static let setHeading = /(set|encore|disc|cd|e)\s*[0-9ivx]*\s*:?|(first|second|third) set:?/
    /// An item's title, unless it is a placeholder or shows a date other than the recording's:
    /// one with unknown parts as the data writes it ("… on 1966-00-00", "gd1967-xx-xx"), or one
    /// the data got wrong ("2004-20-11" for 20 November, "2009-09-31"; formats.md A.3). The
    /// page then makes its own from the date as far as it is known. The recording's date as
    /// archive.org writes it ("… on 1977-05-08") reads as the site's language writes dates.
    static func title(_ value: String?, date: ConcertDate, _ language: SiteLanguage) -> String? {
        guard let title = ArchiveValue.known(value), !hasUnknownDatePart(title), !writesOtherDate(title, than: date) else { return nil }
        guard let full = date.localDate else { return title }
        return replacing(date: full.description, in: title, with: ArchiveFormat.date(date, language))
    }

    /// `text` with each "YYYY-MM-DD" `iso` that stands alone replaced: not inside a longer
    /// number or a word ("gd1977-05-08", "1977-05-08T20:00" are left as they are; any byte of a
    /// non-ASCII character counts as a letter). Read on the title's bytes, as `writesOtherDate`.
    static func replacing(date iso: String, in text: String, with words: String) -> String {
        let pattern = Array(iso.utf8), bytes = Array(text.utf8)
        guard let first = pattern.first, bytes.count >= pattern.count else { return text }
        func inWord(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
        }
        var result: [UInt8] = []
        var kept = 0, at = 0
        while at + pattern.count <= bytes.count {
            if bytes[at] == first, bytes[at..<(at + pattern.count)].elementsEqual(pattern),
               !(at > 0 && inWord(bytes[at - 1])), !(at + pattern.count < bytes.count && inWord(bytes[at + pattern.count])) {
                result += bytes[kept..<at]
                result += words.utf8
                at += pattern.count
                kept = at
            } else {
                at += 1
            }
        }
        guard kept > 0 else { return text }
        result += bytes[kept...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `text` writes a date as "YYYY-MM-DD" (digits, not inside a longer number) that
    /// is not `date` (a part `date` does not know differs from any). Read on the title's bytes:
    /// every recording passes here, and most titles hold no date.
    static func writesOtherDate(_ text: String, than date: ConcertDate) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 10 else { return false }
            func digit(_ at: Int) -> Int? { bytes[at] >= 0x30 && bytes[at] <= 0x39 ? Int(bytes[at] - 0x30) : nil }
            func number(_ from: Int, _ count: Int) -> Int? {
                var value = 0
                for at in from..<(from + count) {
                    guard let digit = digit(at) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            let dash = UInt8(ascii: "-")
            for start in 0...(bytes.count - 10) where bytes[start + 4] == dash && bytes[start + 7] == dash {
                guard start == 0 || digit(start - 1) == nil, start + 10 == bytes.count || digit(start + 10) == nil,
                      let year = number(start, 4), let month = number(start + 5, 2), let day = number(start + 8, 2) else { continue }
                if (year, month, day) != (date.year ?? -1, date.month ?? -1, date.day ?? -1) { return true }
            }
            return false
        }
    }

    /// The description without the track list it so often repeats. The list is the run of
    /// lines from the first to the last line that names a track (numbered or not, with or
    /// without a segue mark) when at least two do and they are at least half of its lines:
    /// its short lines go, misspelt titles included, and the set headings ("Set I", "Encore:")
    /// that then head nothing. Nil when nothing else is left.
    static func description(_ text: String?, tracks: [Track]) -> String? {
        guard let text = ArchiveValue.known(text) else { return nil }
        // A list needs two lines that name tracks: a one-line description (most are) has none,
        // and every recording page passes here, so its titles are not even keyed.
        guard !tracks.isEmpty, text.utf8.contains(UInt8(ascii: "\n")) else { return text }
        let titles = Set(tracks.map { key($0.title) }.filter { !$0.isEmpty })
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let named = lines.indices.filter { titles.contains(key(lines[$0])) }
        guard named.count >= 2, let first = named.first, let last = named.last else { return text }
        let run = lines[first...last].filter { !$0.trimmed.isEmpty && !isSetHeading(String($0)) }
        guard named.count * 2 >= run.count else { return text }
        lines.removeSubrange(first...last)
        // The long lines inside the run were prose, not titles: they stay where the list was.
        lines.insert(contentsOf: text.split(separator: "\n", omittingEmptySubsequences: false)[first...last]
            .filter { $0.count > 80 }, at: first)
        lines.removeAll { isSetHeading(String($0)) }
        // Runs of blank lines left where the list was become one.
        var result: [Substring] = []
        for line in lines {
            if line.trimmed.isEmpty, result.last.map({ $0.trimmed.isEmpty }) ?? true { continue }
            result.append(line)
        }
        let joined = result.joined(separator: "\n").trimmed
        return joined.isEmpty ? nil : joined
    }

    /// The set each track opens, as the description's setlist heads it ("Set I", "Set II",
    /// "Encore"): one entry per track, nil for a track that opens none. The setlist's lines are
    /// matched to the tracks in order, loosely (`key`, and a misspelt title within a few
    /// letters), and a heading opens its set at the first track matched after it: a track the
    /// setlist leaves out ("Tuning") stays in the set before, a line that names no track (a
    /// song not taped, prose) heads nothing. Disc and CD headings open no set. All nil unless
    /// two sets open: one heading over the list says nothing.
    static func setOpenings(_ text: String?, tracks: [Track]) -> [String?] {
        var openings = [String?](repeating: nil, count: tracks.count)
        guard tracks.count >= 2, let text = ArchiveValue.known(text), text.utf8.contains(UInt8(ascii: "\n")) else { return openings }
        let keys = tracks.map { key($0.title) }
        // Each track's place by its key, for a lookup per line rather than a scan of the tracks.
        var places: [String: [Int]] = [:]
        for (index, key) in keys.enumerated() { places[key, default: []].append(index) }
        var next = 0
        var pending: String?
        for line in text.split(separator: "\n") where next < tracks.count {
            if line.utf8.count <= maxHeadingBytes, isSetHeading(String(line)) {
                if let name = setName(line) { pending = name }
                continue
            }
            let lineKey = key(line)
            guard !lineKey.isEmpty else { continue }
            let exact = places[lineKey]?.first { $0 >= next }
            let near = { keys[next...].firstIndex { EditDistance.within(max(1, lineKey.utf8.count / 6), lineKey, $0) != nil } }
            guard let index = exact ?? (lineKey.utf8.count <= maxTitleBytes ? near() : nil) else { continue }
            if let name = pending { openings[index] = name }
            pending = nil
            next = index + 1
        }
        return openings.lazy.filter { $0 != nil }.count >= 2 ? openings : [String?](repeating: nil, count: tracks.count)
    }

    /// A line keyed longer than this is prose: it may name a track exactly, but is never
    /// compared letter by letter with the titles.
    private static let maxTitleBytes = 60

    /// Headings are short ("Second set:", "Encore 2:"): a longer line is not put to the regex.
    private static let maxHeadingBytes = 32

    /// A heading line's set, as written without its colon ("Set II", "Encore"); nil for a disc's.
    static func setName(_ line: Substring) -> String? {
        let trimmed = line.trimmed
        let lowered = trimmed.lowercased()
        guard lowered.hasPrefix("set") || lowered.hasPrefix("encore") || lowered.hasSuffix("set") || lowered.hasSuffix("set:") else { return nil }
        let name = trimmed.hasSuffix(":") ? String(trimmed.dropLast()).trimmed : String(trimmed)
        return name.isEmpty ? nil : name
    }

    /// A title compared loosely: lowercased letters and digits only, without a leading track
    /// number ("d1t03", "03.", "3)") or a trailing segue mark.
    static func key(_ line: some StringProtocol) -> String {
        ArchiveTextBytes.key(line) ?? regexKey(String(line))
    }

    static func hasUnknownDatePart(_ text: String) -> Bool {
        ArchiveTextBytes.hasUnknownDatePart(text) ?? text.contains(unknownDatePart)
    }

    /// `key` by the regex, for text that is not all ASCII.
    static func regexKey(_ line: String) -> String {
        var text = Substring(line.lowercased())
        text = text.drop { $0 == " " || $0 == "\t" }
        // "d1t03 ", "t03 ", "03. ", "3) ", "3 - "
        if let match = text.prefixMatch(of: trackNumber) { text = text[match.range.upperBound...] }
        return String(text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.map(Character.init))
    }

    private static func isSetHeading(_ line: String) -> Bool {
        line.trimmed.lowercased().wholeMatch(of: setHeading) != nil
    }
}
