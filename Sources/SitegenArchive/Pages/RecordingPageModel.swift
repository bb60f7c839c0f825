import SitegenCore

/// One recording: its facts, track list, notes and reviews, and links to archive.org.
public struct RecordingPageModel: Sendable {
    public var artistsHref = ArchiveLinks.artists.value
    public var title: String
    public var identifier: String
    public var artist: String
    public var artistHref: String
    public var concertHref: String
    public var date: String
    public var dateISO: String?
    public var venue: String
    public var city: String?
    public var recordingType: RecordingTypeModel
    /// What the type was read from; nil when nothing in the item says.
    public var typeEvidence: TypeEvidenceModel?
    public var source: String?
    public var lineage: String?
    public var taper: String?
    public var transferer: String?
    public var runtime: String?
    public var runtimeISO: String?
    public var downloads: String?
    public var stars: StarsModel?
    public var streamOnly: Bool
    /// The tracks by set, as the description's setlist heads them; one set without a name
    /// when it heads none, none when there are no tracks.
    public var sets: [TrackSetModel]
    /// At least one track can be streamed: the page shows the player.
    public var hasPlayer: Bool
    /// Plain text; the template keeps its line breaks with CSS, so no markup is needed.
    public var notes: String?
    public var description: String?
    public var reviews: [ReviewModel]
    public var detailsURL: String
    /// Shown when only search results were cached: the tracks and reviews live on archive.org.
    public var searchOnly: Bool
    public var favourite: FavouriteModel
    /// schema.org `MusicRecording` (`structuredData(url:)`), set when the page renders.
    public var structuredData: String?
}

/// A run of tracks under one heading of the setlist ("Set II"), or all of them without one.
public struct TrackSetModel: Sendable {
    public var setName: String?
    public var tracks: [TrackRowModel]
}

public struct TrackRowModel: Sendable {
    public var number: String?
    public var title: String
    public var duration: String?
    public var durationISO: String?
    public var segue: Bool
    public var files: [FileLinkModel]
    /// The track's streamable derivatives (MP3, then Ogg Vorbis) as `<source>`s of its
    /// `<audio>`; empty when archive.org lists none for it.
    public var streams: [StreamModel]
    /// Stored, not computed: templates see a model's stored fields only.
    public var hasStream: Bool
}

/// A streamable file and its media type, for `<source src type>`.
public struct StreamModel: Sendable {
    public var src: String
    public var mediaType: String

    /// The files a browser can play while they download, MP3 before Ogg Vorbis (every browser
    /// plays MP3); never a lossless original, which is large and may be private (and
    /// `Track.files` holds no private file).
    static func streams(_ files: [AudioFile], prefix: String) -> [StreamModel] {
        var mp3: StreamModel?
        var ogg: StreamModel?
        for file in files {
            let format = file.format.lowercased()
            if mp3 == nil, format.hasSuffix("mp3") {
                mp3 = StreamModel(src: prefix + PercentEncoding.encodedPath(file.name), mediaType: "audio/mpeg")
            } else if ogg == nil, format == "ogg vorbis" {
                ogg = StreamModel(src: prefix + PercentEncoding.encodedPath(file.name), mediaType: "audio/ogg")
            }
        }
        return [mp3, ogg].compactMap { $0 }
    }

    /// Whether a packed track list holds a streamable format (read from its head, without
    /// unpacking it).
    static func isStreamable(_ tracks: PackedTracks) -> Bool {
        tracks.formats.contains { $0.lowercased().hasSuffix("mp3") || $0.lowercased() == "ogg vorbis" }
    }
}

/// An audio file on archive.org (absolute URL) that is not private.
public struct FileLinkModel: Sendable {
    public var format: String
    public var url: String
}

/// Field names differ from the page's own (`reviewTitle`, not `title`): Mustache looks a
/// missing name up in the enclosing model, so a review without a title must not find the page's.
public struct ReviewModel: Sendable {
    public var reviewTitle: String?
    public var reviewStars: String?
    public var reviewStarsLabel: String?
    public var reviewer: String?
    public var reviewDate: String?
    public var reviewDateISO: String?
    public var body: String
}

extension RecordingPageModel {
    /// `tracks` are unpacked apart (`Recording.tracks`). `details: false` leaves out
    /// reviews too: enough for the page's title, description and inputs, which are needed
    /// before rendering, when the whole model is not (`LazyModel`).
    init(_ recording: Recording, tracks: [Track] = [], concert: Concert, artist: Artist, links: ArchiveLinks, details: Bool = true) {
        let language = links.language
        title = ArchiveText.title(recording.title, date: recording.date, language)
            ?? ArchiveFormat.recordingTitle(artist: artist.name, venue: concert.venue, date: recording.date, language)
        identifier = recording.identifier
        self.artist = artist.name
        artistHref = links.artist(artist).value
        concertHref = links.concert(concert, artist: artist).value
        date = ArchiveFormat.date(recording.date, language)
        dateISO = ArchiveFormat.dateISO(recording.date)
        venue = ArchiveValue.known(recording.venue) ?? ArchiveFormat.venue(concert, language)
        city = ArchiveValue.known(recording.city) ?? ArchiveValue.known(concert.city)
        recordingType = RecordingTypeModel(recording.type)
        typeEvidence = recording.typeEvidence.map { TypeEvidenceModel(field: language.text("type_evidence_field_" + $0.field), phrase: $0.phrase) }
        source = ArchiveValue.known(recording.source)
        lineage = ArchiveValue.known(recording.lineage)
        taper = ArchiveValue.known(recording.taper)
        transferer = ArchiveValue.known(recording.transferer)
        runtime = recording.runtimeSeconds.map(language.duration)
        runtimeISO = recording.runtimeSeconds.map(TrackLength.iso)
        downloads = recording.downloads.map(language.number)
        stars = ArchiveFormat.stars(recording.rating, language)
        streamOnly = recording.streamOnly
        let downloadPrefix = ArchiveURL.downloadPrefix(recording.identifier)
        var sets: [TrackSetModel] = []
        for (track, opening) in zip(tracks, ArchiveText.setOpenings(recording.description, tracks: tracks)) {
            let streams = StreamModel.streams(track.files, prefix: downloadPrefix)
            let row = TrackRowModel(number: track.number.map(String.init), title: track.title,
                                    duration: track.seconds.map(language.duration), durationISO: track.seconds.map(TrackLength.iso),
                                    segue: track.segue,
                                    files: track.files.map { FileLinkModel(format: ArchiveFormat.formatName($0.format), url: downloadPrefix + PercentEncoding.encodedPath($0.name)) },
                                    streams: streams, hasStream: !streams.isEmpty)
            if sets.isEmpty || opening != nil { sets.append(TrackSetModel(setName: opening, tracks: [])) }
            sets[sets.count - 1].tracks.append(row)
        }
        self.sets = sets
        hasPlayer = sets.contains { $0.tracks.contains { $0.hasStream } }
        notes = recording.notes
        description = ArchiveText.description(recording.description, tracks: tracks)
        // Newest first, as archive.org shows them (its answer lists them in no order); undated
        // ones last, in the answer's order. ISO days sort as text.
        let byDate = recording.reviews.enumerated().sorted { ($0.element.date ?? "", $1.offset) > ($1.element.date ?? "", $0.offset) }
        reviews = !details ? [] : byDate.map(\.element).map { review in
            ReviewModel(reviewTitle: review.title,
                        reviewStars: review.stars.map(ArchiveFormat.starSymbols),
                        reviewStarsLabel: review.stars.map { language.text("review_stars", ["stars": language.number($0)]) },
                        reviewer: ArchiveValue.known(review.reviewer),
                        reviewDate: review.date.flatMap { LocalDate(iso: $0) }.map { language.date($0, .long) }, reviewDateISO: review.date,
                        body: review.body)
        }
        detailsURL = recording.detailsURL
        searchOnly = !recording.hasItemFile
        // Its card is its tile on the concert page (partials/archive/recording-tile).
        favourite = FavouriteModel(kind: .recording, id: recording.key, title: "\(artist.name), \(date)", href: links.recording(recording).value,
                                  detail: ArchiveFormat.detail([recording.type == .unknown ? nil : recording.type.rawValue,
                                                                ArchiveValue.known(recording.venue) ?? concert.venue]),
                                  from: concertHref)
    }
}
