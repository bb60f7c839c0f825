import SitegenCore

/// Turns an item's `files` into a track list. Tracks come from the lossless originals when there
/// are any (else from the audio derivatives); a derivative without `track`/`title`/`length` takes
/// them from the file named in its `original`, failing that from its own file name.
enum TrackListReader {
    struct Entry: Sendable {
        var name: String
        var source: String
        var format: String
        var original: String?
        var length: Double?
        var title: String?
        var track: String?
        var isPrivate: Bool

        var isOriginal: Bool { source == "original" }
        var isAudio: Bool {
            let lower = format.lowercased()
            return Self.audioFormats.contains(lower) || lower.hasSuffix(" mp3")
        }
        static let audioFormats: Set<String> = [
            "flac", "24bit flac", "shorten", "ogg vorbis", "mp3", "wave", "aiff", "apple lossless audio",
        ]
    }

    /// The track list of an item file, read again at render time the way `ItemReader` read it.
    static func tracks(inItemFile file: String, context: LoadContext) throws(SitegenError) -> [Track] {
        tracks(entries(try context.json(file)["files"]))
    }

    /// The file entries of an array (`/metadata`) or of an object keyed by "/name" (legacy).
    static func entries(_ files: JSONCursor) -> [Entry] {
        let items: [(String?, JSONCursor)] = files.isObject
            ? files.keys.map { key in (String(key.drop { $0 == "/" }), files[key]) }
            : files.list.map { (nil, $0) }
        return items.compactMap { key, file in
            guard file.isObject, let name = file["name"].text ?? key, !name.isEmpty else { return nil }
            return Entry(name: name, source: file["source"].text?.lowercased() ?? "", format: file["format"].text ?? "",
                         original: file["original"].text, length: file["length"].text.flatMap(TrackLength.seconds),
                         title: file["title"].text, track: file["track"].text, isPrivate: file["private"].bool ?? false)
        }
    }

    static func tracks(_ entries: [Entry]) -> [Track] {
        let audio = entries.filter(\.isAudio)
        let byName = Dictionary(audio.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var derived: [String: [Entry]] = [:]
        for entry in audio where !entry.isOriginal {
            if let original = entry.original { derived[original, default: []].append(entry) }
        }
        let originals = audio.filter(\.isOriginal)
        let chosen = mainFormat(originals.isEmpty ? audio : originals)
        let rows = chosen.map { entry -> Track in
            let original = entry.original.flatMap { byName[$0] }
            let rawTitle = entry.title ?? original?.title
            let numberText = entry.track ?? original?.track
            let (title, segue) = cleanTitle(rawTitle ?? fileTitle(entry.name))
            let copies = [entry] + (derived[entry.name] ?? []).sorted { $0.name < $1.name }
            return Track(number: numberText.flatMap { Int($0.trimmed) } ?? leadingNumber(entry.name),
                         title: title.isEmpty ? fileTitle(entry.name) : title,
                         seconds: entry.length ?? original?.length ?? derived[entry.name]?.compactMap(\.length).first,
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
    /// `preferred`, then by name.
    private static func mainFormat(_ entries: [Entry]) -> [Entry] {
        let groups = Dictionary(grouping: entries, by: \.format)
        func rank(_ format: String) -> (Int, Int, String) {
            (-groups[format]!.count, preferred.firstIndex(of: format.lowercased()) ?? preferred.count, format)
        }
        return groups.keys.min { rank($0) < rank($1) }.map { groups[$0]! } ?? []
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
