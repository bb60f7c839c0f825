/// One artist on one date at one venue, with its recordings, the recommended one first.
public struct Concert: Sendable {
    public var artistIndex: Int
    public var date: ConcertDate
    /// nil when no recording names it (blank, "Unknown", "TBA"): pages say so in the site's language.
    public var venue: String?
    public var city: String?
    /// Best first (see `Recommendation`).
    public var recordings: [Recording]
    /// The last URL segment under the artist: "1977-05-08", "1970-02-14-2" for a second venue.
    public var slug: String
    /// "early" or "late" when only the recordings' identifiers tell this show from the day's
    /// other one at the same venue (the venue's name does not say it): pages add it to the venue.
    public var show: String? = nil
}

/// A band collection and its concerts, oldest first.
public struct Artist: Sendable {
    public var collection: String
    public var name: String
    public var slug: String
    /// Indexes into `ArchiveCatalog.concerts`, in date order.
    public var concerts: [Int]
    public var recordingCount: Int
    public var firstYear: Int?
    public var lastYear: Int?
}

/// Everything the archive section knows, with the indexes its pages need, computed once.
public struct ArchiveCatalog: Sendable {
    /// Sorted by name.
    public var artists: [Artist]
    public var concerts: [Concert]
    /// "05-08" → concert indexes, oldest first (complete dates only).
    public var byMonthDay: [String: [Int]]
    /// The unique `/recordings/<slug>/` segment of every recording, by `Recording.key`.
    public var recordingSlugs: [String: String]
}
