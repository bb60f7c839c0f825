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
    /// An item's title, unless it is a placeholder or shows a date with unknown parts as the
    /// data writes it ("… on 1966-00-00", "gd1967-xx-xx"): the page then makes its own.
    static func title(_ value: String?) -> String? {
        guard let title = ArchiveValue.known(value) else { return nil }
        return hasUnknownDatePart(title) ? nil : title
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
