import SitegenCore

/// Turns an item's `files` into a track list. Tracks come from the lossless originals when there
/// are any (else from the audio derivatives); a derivative without `track`/`title`/`length` takes
/// them from the file named in its `original`, failing that from its own file name.
enum TrackListReader {
    /// One audio file of an item.
    struct Entry: Sendable {
        var name: String
        var isOriginal: Bool
        var format: String
        var original: String?
        var length: Double?
        var title: String?
        var track: String?
        var isPrivate: Bool

        static func isAudio(_ format: String) -> Bool {
            let lower = format.lowercased()
            return audioFormats.contains(lower) || lower.hasSuffix(" mp3")
        }
        static let audioFormats: Set<String> = [
            "flac", "24bit flac", "shorten", "ogg vorbis", "mp3", "wave", "aiff", "apple lossless audio",
        ]
    }

    /// The audio files among an item's `files`: an array (`/metadata`) or an object keyed by
    /// "/name" (legacy). Checksums, artwork and text files are skipped before the rest of their
    /// fields are read: they are most of a real item's files. A `length` that is not one
    /// (`TrackLength.seconds`) is a warning in `warnings`, and the track's length is unknown.
    static func entries(_ files: JSONCursor, warnings: WarningLog? = nil) -> [Entry] {
        let items: [(String?, JSONCursor)] = files.isObject
            ? files.keys.map { key in (String(key.drop { $0 == "/" }), files[key]) }
            : files.list.map { (nil, $0) }
        return items.compactMap { key, file in
            guard file.isObject, let format = file.text("format"), Entry.isAudio(format),
                  let name = file.text("name") ?? key, !name.isEmpty else { return nil }
            if leavesItsFolder(name) {
                warnings?.add("expected a file name inside the item, found '\(name.prefix(80))' (a `.` or `..` part would "
                              + "take the track's link to another item); the file is left out", at: file["name"].location)
                return nil
            }
            let lengthText = file.text("length")
            let length = lengthText.flatMap(TrackLength.seconds)
            if length == nil, let lengthText, let warnings {
                warnings.add("expected a track length (\"381.93\", \"6:21\"; at most a week), found '\(lengthText.prefix(40))'; shown as unknown",
                             at: file["length"].location)
            }
            return Entry(name: name, isOriginal: file.text("source")?.lowercased() == "original", format: format,
                         original: file.text("original"), length: length,
                         title: file.text("title"), track: file.text("track"), isPrivate: file.bool("private") ?? false)
        }
    }

    /// A name with a `.` or `..` part ("../other-item/t01.mp3"): a browser resolves it, encoded
    /// or not, so its download link would leave the item's folder.
    /// Control characters do not hide one (".\u{1}." is written ".." once they are dropped).
    static func leavesItsFolder(_ written: String) -> Bool {
        let name = InputText.strippingControls(written)
        guard name.utf8.first == UInt8(ascii: ".") || name.utf8.contains(UInt8(ascii: "/")) else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == "." || $0 == ".." }
    }

    /// The files that make the track list, one per track, with the files each was derived from
    /// and those derived from it: what both the track list and its summary read. The tables
    /// hold positions in `entries` rather than copies of the entries.
    struct Selection {
        let entries: [Entry]
        let chosen: [Entry]
        /// Name → position of the first entry of that name.
        private let byName: [String: Int]
        /// Name → positions of the entries derived from it, in file order.
        private let derived: [String: [Int]]

        init(_ entries: [Entry]) {
            self.entries = entries
            var byName: [String: Int] = [:]
            byName.reserveCapacity(entries.count)
            var derived: [String: [Int]] = [:]
            var originals: [Int] = []
            for index in entries.indices {
                if byName[entries[index].name] == nil { byName[entries[index].name] = index }
                if entries[index].isOriginal {
                    originals.append(index)
                } else if let original = entries[index].original {
                    derived[original, default: []].append(index)
                }
            }
            self.byName = byName
            self.derived = derived
            chosen = TrackListReader.mainFormat(of: originals.isEmpty ? Array(entries.indices) : originals, in: entries)
                .map { entries[$0] }
        }

        func original(of entry: Entry) -> Entry? { entry.original.flatMap { byName[$0] }.map { entries[$0] } }

        func copies(of entry: Entry) -> [Entry] { derived[entry.name]?.map { entries[$0] } ?? [] }

        /// The entry's length, else its original's, else the first copy's that has one.
        func seconds(of entry: Entry) -> Double? {
            if let length = entry.length { return length }
            if let original = entry.original.flatMap({ byName[$0] }), let length = entries[original].length { return length }
            return derived[entry.name]?.lazy.compactMap { entries[$0].length }.first
        }

        /// The number of tracks and their total length, without reading their titles (the
        /// concert cells' figures, made for every recording at load time).
        var summary: (count: Int, seconds: Double) {
            (chosen.count, chosen.reduce(0) { $0 + (seconds(of: $1) ?? 0) })
        }
    }

    static func tracks(_ entries: [Entry]) -> [Track] { tracks(Selection(entries)) }

    static func tracks(_ selection: Selection) -> [Track] {
        let chosen = selection.chosen
        let rows = chosen.map { entry -> Track in
            let original = selection.original(of: entry)
            let rawTitle = entry.title ?? original?.title
            let numberText = entry.track ?? original?.track
            let (title, segue) = cleanTitle(rawTitle ?? fileTitle(entry.name))
            let copies = [entry] + selection.copies(of: entry).sorted { $0.name < $1.name }
            return Track(number: numberText.flatMap { Int($0.trimmed) } ?? leadingNumber(entry.name),
                         title: title.isEmpty ? fileTitle(entry.name) : title,
                         seconds: selection.seconds(of: entry),
                         segue: segue,
                         files: copies.filter { !$0.isPrivate }.map { AudioFile(name: $0.name, format: $0.format) })
        }
        // Track numbers order the list when every track has a distinct one; otherwise the file
        // names do (etree names sort: "d1t01", "d1t02", "d2t01"), and the list numbers itself.
        let numbers = rows.compactMap(\.number)
        if numbers.count == rows.count, Set(numbers).count == numbers.count {
            return rows.sorted { ($0.number ?? 0) < ($1.number ?? 0) }
        }
        return zip(rows, chosen).sorted { $0.1.name < $1.1.name }.map { row, _ in
            var track = row
            track.number = nil
            return track
        }
    }

    /// The audio format most files share (an item may hold both Shorten and FLAC originals, or
    /// MP3 and Ogg derivatives): one file per track. Ties go to the format listed first in
    /// `preferred`, then by name. Takes and gives positions in `entries`, in file order.
    private static func mainFormat(of positions: [Int], in entries: [Entry]) -> [Int] {
        var counts: [String: Int] = [:]
        for position in positions { counts[entries[position].format, default: 0] += 1 }
        func rank(_ format: String) -> (Int, Int, String) {
            (-counts[format]!, preferred.firstIndex(of: format.lowercased()) ?? preferred.count, format)
        }
        guard let format = counts.keys.min(by: { rank($0) < rank($1) }) else { return [] }
        return positions.filter { entries[$0].format == format }
    }

    static let preferred = ["flac", "24bit flac", "shorten", "vbr mp3", "ogg vorbis"]

    /// "03 - Hell In The Bucket >" → ("Hell In The Bucket", true); "Dark Star ->" → segue too.
    static func cleanTitle(_ raw: String) -> (String, Bool) {
        // Entities first: "Scarlet Begonias -&gt;" is a segue too.
        var title = HTMLText.decodeEntities(raw).trimmed
        var segue = false
        for mark in ["->", ">", "→"] where title.hasSuffix(mark) {
            title = String(title.dropLast(mark.count)).trimmed
            segue = true
            break
        }
        // A leading "01 - " / "1. " is the track number, not part of the song's name.
        let digits = title.prefix { $0.isASCII && $0.isNumber }
        if (1...3).contains(digits.count) {
            let rest = title.dropFirst(digits.count).drop { $0 == " " }
            if let mark = rest.first, mark == "-" || mark == ".", rest.dropFirst().first == " " {
                title = String(rest.dropFirst().drop { $0 == " " })
            }
        }
        return (title, segue)
    }

    /// "02 Shakedown Street.flac" → "Shakedown Street"; "gd77-05-08d1t01.shn" stays recognisable.
    static func fileTitle(_ name: String) -> String {
        var stem = Substring(name.split(separator: "/").last ?? Substring(name))
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
        let text = stem.replacingOccurrences(of: "_", with: " ")
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if (1...3).contains(digits.count), text.dropFirst(digits.count).first == " " {
            let rest = text.dropFirst(digits.count).trimmed
            if !rest.isEmpty { return cleanTitle(rest).0 }
        }
        return text
    }

    private static func leadingNumber(_ name: String) -> Int? {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        return (1...3).contains(digits.count) ? Int(digits) : nil
    }
}
