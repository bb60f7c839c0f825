/// Last.fm artist.getInfo answers in a content folder of their own, `Content/lastfm/artists/`:
/// Last.fm answers more than one section may read live under `lastfm/`, not in one section's
/// folder, so no section reads another's. The events section reads them for headliners' pictures
/// and bios; `sitegen fetch` writes them, and copies the picture each links to
/// `static/images/lastfm/artists/<stem>.<ext>` (`LocalImages`, kind `imageKind`).
/// The folder and the file-name rule are kept here only, so the writer and the readers agree.
public enum LastFMArtistFiles {
    /// The folder under Content/.
    public static let folder = "lastfm/artists"
    /// The kind of the copies of their pictures (`LocalImages`).
    public static let imageKind = "artists"

    /// The stem of an artist's file, by the artist's name: "Golden Owls" → "golden-owls",
    /// "ГРОТ" → "artist-" and a digest of the name (`Slug.distinct`: names of other scripts
    /// once all shared "artist.json", and pages showed one headliner's bio for another's). It
    /// names the copy of the picture too.
    public static func stem(for name: String) -> String { Slug.distinct(name, fallback: "artist") }

    /// "lastfm/artists/<stem>.json": the file of an artist's answer, relative to Content/.
    public static func file(for name: String) -> String { folder + "/" + stem(for: name) + ".json" }

    /// The stem of a file name found in the folder ("golden-owls.json" → "golden-owls"); nil for
    /// a name that is not an answer's.
    public static func stem(ofFile name: String) -> String? {
        guard name.hasSuffix(".json"), name.count > ".json".count else { return nil }
        return String(name.dropLast(".json".count))
    }

    /// Where these answers were kept before they had a folder of their own: the charts section's.
    /// Recognised so that a site that still has it does not silently lose its artist details:
    /// the events section warns, naming both folders, and `sitegen fetch` moves the files to
    /// `folder`. While it is, the charts section reserves `artists` (no listener's folder).
    public static let oldFolder = "charts/artists"
}
