import SitegenCore

/// The recording selector of one concert: every recording as a full tile, recommended first,
/// with the artist's previous and next concerts.
public struct ConcertPageModel: Sendable {
    public var artistsHref = ArchiveLinks.artists.value
    public var artist: String
    public var artistHref: String
    public var date: String
    public var dateISO: String?
    public var venue: String
    public var city: String?
    public var recordingCount: String
    public var typeFilter: TypeFilterModel?
    public var recordings: [SelectorTileModel]
    /// The player of the first recording, in the recommended order, that can be streamed.
    public var playHref: String?
    /// Whether that is the recommended recording itself (the tile marked so), not a later one:
    /// the button's words must not send the visitor past the tile they name.
    public var playsRecommended = false
    public var previous: LinkModel?
    public var next: LinkModel?
    public var onThisDay: LinkModel?
    public var favourite: FavouriteModel
}

/// A recording in the selector: type, taper, source summary, downloads, rating, runtime.
public struct SelectorTileModel: Sendable {
    public var href: String
    public var identifier: String
    /// The recording's favourite id (`Recording.key`, as on its own page): the tile is its card.
    public var favId: String
    public var recommended: Bool
    public var recordingType: RecordingTypeModel
    public var taper: String?
    public var source: String?
    public var downloads: String?
    public var stars: StarsModel?
    public var runtime: String?
    public var runtimeISO: String?
    public var streamOnly: Bool
    /// What a collector chooses by, for the tile's heading: the taper, else the start of the
    /// source, and the best file format ("FLAC"); the identifier is a small line below.
    public var who: String?
    public var format: String?

    /// A label before a source chain: "Source:", "src:", or a type's name ("Audience: Nak 300").
    /// Parsed once: a regex literal is parsed each time it is evaluated, and every recording
    /// tile passes here.
    nonisolated(unsafe) static let sourceLabel = /^(?i)(source|src|soundboard|sbd|audience|aud|matrix|mtx|pre-fm|fm)\s*:\s*/

    /// The type family each type's name in a label stands for.
    static let labelFamilies: [String: RecordingType] = ["soundboard": .soundboard, "sbd": .soundboard, "audience": .audience,
                                                          "aud": .audience, "matrix": .matrix, "mtx": .matrix, "fm": .fm, "pre-fm": .fm]

    /// `text` without its labels: "Source:" always, a type's name only when the card's badge
    /// says it already (an "SBD:" source of a recording the identifier shows to be a matrix
    /// keeps its "SBD:", which says something the badge does not).
    static func unlabelled(_ text: String, family: RecordingType) -> String {
        var rest = Substring(text)
        while let label = rest.prefixMatch(of: sourceLabel) {
            let word = label.output.1.lowercased()
            guard word == "source" || word == "src" || labelFamilies[word] == family else { break }
            rest = rest[label.range.upperBound...]
        }
        return String(rest)
    }

    /// A broadcast's station without the word its badge says already: "KSAN FM broadcast" is
    /// headed "FM broadcast · KSAN FM".
    static func withoutBroadcast(_ text: String, family: RecordingType) -> String {
        let word = " broadcast"
        // The word alone names no station; "FM broadcast" becomes "FM", which `typeWords` drops.
        guard family == .fm, text.count > word.count, text.lowercased().hasSuffix(word) else { return text }
        return String(text.dropLast(word.count))
    }

    /// The words a taper or source may hold that only name the type, lower-cased.
    static let typeWords: Set<String> = ["sbd", "soundboard", "aud", "audience", "mtx", "matrix", "fm", "pre-fm",
                                         "sbd+aud", "unknown"]

    /// The taper, else the first known link of the source chain ("Schoeps mk4 > …"), short;
    /// nil when it only names the type ("Soundboard"), which the type's badge says already.
    static func who(taper: String?, source: String?, family: RecordingType) -> String? {
        // The source's labels are read (a pattern) only for a recording without a taper.
        let head = ArchiveFormat.summary(taper, limit: 32) ?? ArchiveFormat.summary(source.flatMap {
            $0.split(separator: ">").lazy.compactMap { ArchiveValue.known(Self.unlabelled(String($0), family: family)) }.first
        }.map { Self.withoutBroadcast($0, family: family) }, limit: 32)
        return head.map { Self.typeWords.contains($0.lowercased()) } == true ? nil : head
    }

    init(_ recording: Recording, recommended: Bool, links: ArchiveLinks) {
        href = links.recording(recording).value
        identifier = recording.identifier
        favId = recording.key
        self.recommended = recommended
        recordingType = RecordingTypeModel(recording.type)
        taper = ArchiveFormat.summary(ArchiveValue.known(recording.taper), limit: 80)
        source = ArchiveFormat.summary(ArchiveValue.known(recording.source))
        who = Self.who(taper: taper, source: source, family: recording.type.family)
        format = recording.tracks.formats.first.map(ArchiveFormat.formatName)
        downloads = recording.downloads.map(links.language.number)
        stars = ArchiveFormat.stars(recording.rating, links.language)
        runtime = recording.runtimeSeconds.map(links.language.duration)
        runtimeISO = recording.runtimeSeconds.map(TrackLength.iso)
        streamOnly = recording.streamOnly
    }
}

extension ConcertPageModel {
    /// `position` is the concert's place in its artist's `concerts` (its neighbours are next to it).
    /// `details: false` leaves out the recording tiles (see `RecordingPageModel`'s `details`).
    init(_ index: Int, position: Int, catalog: ArchiveCatalog, links: ArchiveLinks, details: Bool = true) {
        let concert = catalog.concerts[index]
        let artist = catalog.artists[concert.artistIndex]
        self.artist = artist.name
        artistHref = links.artist(artist).value
        let language = links.language
        date = ArchiveFormat.date(concert.date, language)
        dateISO = ArchiveFormat.dateISO(concert.date)
        venue = ArchiveFormat.venue(concert, language)
        city = ArchiveValue.known(concert.city)
        recordingCount = language.count("recordings", concert.recordings.count)
        let play = PlayLinks.concert(concert, links: links)
        playHref = play?.href
        playsRecommended = play?.isFirst ?? false
        typeFilter = TypeFilterModel(recordings: concert.recordings)
        recordings = !details ? [] : concert.recordings.enumerated().map { SelectorTileModel($1, recommended: $0 == 0, links: links) }
        func link(_ other: Int) -> LinkModel {
            let neighbour = catalog.concerts[other]
            return LinkModel(title: "\(ArchiveFormat.date(neighbour.date, language)), \(ArchiveFormat.venue(neighbour, language))",
                             href: links.concert(neighbour, artist: artist).value)
        }
        previous = position > 0 ? link(artist.concerts[position - 1]) : nil
        next = position + 1 < artist.concerts.count ? link(artist.concerts[position + 1]) : nil
        let place = [concert.venue, city].compactMap { $0 }
        favourite = FavouriteModel(kind: .concert, id: links.concert(concert, artist: artist).value, title: "\(artist.name), \(date)",
                                  href: links.concert(concert, artist: artist).value,
                                  detail: place.isEmpty ? nil : place.joined(separator: ", "))
        onThisDay = concert.date.localDate.map {
            LinkModel(title: language.text("on_this_day_day", ["day": ArchiveFormat.monthDay($0.monthDay, language)]), href: ArchiveLinks.onThisDay($0.monthDay).value)
        }
    }
}
