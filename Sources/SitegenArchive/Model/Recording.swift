import SitegenCore

/// One archive.org item of a band collection: a recording of a concert, with what the search
/// rows and the item metadata said about it, already made plain (no markup, no JSON).
public struct Recording: Sendable {
    public var identifier: String
    /// The band collection folder it was read from ("GratefulDead").
    public var collection: String
    public var creator: String?
    public var title: String?
    public var date: ConcertDate
    /// As written in the data, trimmed; nil when missing or empty.
    public var venue: String?
    public var city: String?
    public var type: RecordingType
    /// The field and words the type was read from; nil when the text does not say.
    public var typeEvidence: TypeEvidence? = nil
    public var source: String?
    public var lineage: String?
    public var taper: String?
    public var transferer: String?
    /// Plain text with line breaks; tags stripped and entities decoded.
    public var notes: String?
    public var description: String?
    public var runtimeSeconds: Double?
    /// Its track list, packed until its page renders (see `PackedTracks`).
    public var tracks: PackedTracks
    public var reviews: [Review]
    public var downloads: Int?
    public var rating: Rating?
    public var streamOnly: Bool
    /// Content files it was read from (paths relative to Content/), sorted.
    public var inputs: [String]
    /// True when an item file was read, not only search rows.
    public var hasItemFile: Bool

    /// Unique across collections: "GratefulDead/gd1977-05-08.sbd…".
    public var key: String { collection + "/" + identifier }

    public var detailsURL: String { ArchiveURL.details(identifier) }
}

/// An average of stars (0–5) and how many reviews it came from (nil when the file's count was
/// not a count: unknown, never 0).
public struct Rating: Sendable, Hashable {
    public var average: Double
    public var count: Int?

    public init(average: Double, count: Int?) {
        self.average = average
        self.count = count
    }
}

public struct Track: Sendable, Hashable {
    public var number: Int?
    /// Without the track-number prefix and the segue mark.
    public var title: String
    public var seconds: Double?
    /// The title ended with ">" or "->": the music runs into the next track.
    public var segue: Bool
    /// Files that may be downloaded (not private), best first.
    public var files: [AudioFile]
}

public struct AudioFile: Sendable, Hashable {
    public var name: String
    /// "Flac", "VBR MP3", …
    public var format: String
}

public struct Review: Sendable, Hashable {
    public var title: String?
    /// Plain text with line breaks.
    public var body: String
    public var reviewer: String?
    /// "2004-06-12", the day part of `reviewdate`.
    public var date: String?
    /// 1–5, nil for an unrated review ("0" or missing).
    public var stars: Int?
}
