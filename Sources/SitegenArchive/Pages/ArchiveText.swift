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
    /// page then makes its own from the date as far as it is known.
    static func title(_ value: String?, date: ConcertDate) -> String? {
        guard let title = ArchiveValue.known(value) else { return nil }
        return hasUnknownDatePart(title) || writesOtherDate(title, than: date) ? nil : title
    }

    /// Whether `text` writes a date as "YYYY-MM-DD" (digits, not inside a longer number) that
    /// is not `date` written so.
    static func writesOtherDate(_ text: String, than date: ConcertDate) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10 else { return false }
        let own = Array(date.description.utf8)
        let digit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        let dash = UInt8(ascii: "-")
        for start in 0...(bytes.count - 10) {
            guard bytes[start + 4] == dash, bytes[start + 7] == dash,
                  [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ digit(bytes[start + $0]) }),
                  start == 0 || !digit(bytes[start - 1]), start + 10 == bytes.count || !digit(bytes[start + 10]) else { continue }
            if !bytes[start..<(start + 10)].elementsEqual(own) { return true }
        }
        return false
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
    /// matched to the tracks in order, loosely (`key`). A heading opens its set at the first
    /// track matched after it, moved back by the lines between them that matched none (a
    /// misspelt title is still a track of the set), never before a track already placed. Disc
    /// and CD headings are not sets. All nil unless two sets open: one heading over the list
    /// says nothing.
    static func setOpenings(_ text: String?, tracks: [Track]) -> [String?] {
        var openings = [String?](repeating: nil, count: tracks.count)
        guard tracks.count >= 2, let text = ArchiveValue.known(text), text.utf8.contains(UInt8(ascii: "\n")) else { return openings }
        let keys = tracks.map { key($0.title) }
        var next = 0
        var pending: (name: String, unmatched: Int)?
        for line in text.split(separator: "\n") where next < tracks.count {
            if let name = setName(line) {
                pending = (name, 0)
                continue
            }
            let lineKey = key(line)
            guard !lineKey.isEmpty else { continue }
            guard let index = keys[next...].firstIndex(of: lineKey) else {
                pending?.unmatched += 1
                continue
            }
            if let heading = pending { openings[max(next, index - heading.unmatched)] = heading.name }
            pending = nil
            next = index + 1
        }
        // A heading whose lines matched no track: its set is what is left.
        if let heading = pending, heading.unmatched > 0, next < tracks.count { openings[next] = heading.name }
        return openings.lazy.filter { $0 != nil }.count >= 2 ? openings : [String?](repeating: nil, count: tracks.count)
    }

    /// A setlist line that heads a set, as written without its colon ("Set II", "Encore"), or nil.
    static func setName(_ line: Substring) -> String? {
        let trimmed = line.trimmed
        let lowered = trimmed.lowercased()
        guard lowered.hasPrefix("set") || lowered.hasPrefix("encore") || lowered.hasSuffix("set") || lowered.hasSuffix("set:"),
              isSetHeading(String(trimmed)) else { return nil }
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
