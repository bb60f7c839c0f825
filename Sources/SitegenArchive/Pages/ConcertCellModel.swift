import SitegenCore

/// One concert as a cell of an artist page or an on-this-day list: date, venue, city and up to
/// four light recording tiles, "+N" for the rest. Made once per concert and reused everywhere.
public struct ConcertCellModel: Sendable {
    public var href: String
    public var artist: String
    public var date: String
    public var dateISO: String?
    public var venue: String
    public var city: String?
    public var tiles: [CellTileModel]
    /// "+3" when the concert has more recordings than tiles.
    public var more: String?
    public var moreLabel: String?
    /// The type family of each recording behind "+N" ("aud mtx aud"), so that the type filter
    /// counts those of the type it shows.
    public var moreFamilies: String?
    /// The type families of all its recordings, tiles or not ("sbd aud"): what the type filter
    /// of a page of cells matches.
    public var families: String

    static let tileLimit = 4

    init(_ concert: Concert, artist: Artist, links: ArchiveLinks) {
        href = links.concert(concert, artist: artist).value
        self.artist = artist.name
        let language = links.language
        date = ArchiveFormat.date(concert.date, language)
        dateISO = ArchiveFormat.dateISO(concert.date)
        venue = ArchiveFormat.venue(concert, language)
        city = ArchiveValue.known(concert.city)
        tiles = concert.recordings.prefix(Self.tileLimit).map { CellTileModel($0, links: links) }
        let rest = concert.recordings.count - Self.tileLimit
        more = rest > 0 ? "+" + language.number(rest) : nil
        moreLabel = rest > 0 ? language.count("more_recordings", rest) : nil
        moreFamilies = rest > 0 ? concert.recordings.dropFirst(Self.tileLimit).map(\.type.family.cssName).joined(separator: " ") : nil
        var present = Set<RecordingType>()
        for recording in concert.recordings { present.insert(recording.type.family) }
        families = RecordingType.allCases.filter(present.contains).map(\.cssName).joined(separator: " ")
    }
}

/// A recording inside a concert cell: only what fits a small tile.
public struct CellTileModel: Sendable {
    public var href: String
    public var recordingType: RecordingTypeModel
    public var taper: String?
    public var downloads: String?
    /// "4.7": the average stars, short enough for a tile; `ratingLabel` says it in words.
    public var rating: String?
    public var ratingLabel: String?
    public var streamOnly: Bool

    init(_ recording: Recording, links: ArchiveLinks) {
        href = links.recording(recording).value
        recordingType = RecordingTypeModel(recording.type)
        taper = ArchiveFormat.summary(ArchiveValue.known(recording.taper), limit: 40)
        let language = links.language
        downloads = recording.downloads.map(language.number)
        let stars = ArchiveFormat.stars(recording.rating, language)
        rating = stars?.average
        ratingLabel = stars.map { stars in
            language.text(stars.reviewCount == nil ? "rated" : "rated_reviews", ["average": stars.average, "reviews": stars.reviewCount ?? ""])
        }
        streamOnly = recording.streamOnly
    }
}
