import Foundation
import SitegenCore

/// How sitegen names an album.
///
/// - `id`: the album's identity across chart weeks: artist and album name, case-folded, the way
///   Last.fm itself tells albums apart (its URLs are made of the names; an mbid is often "" and
///   can come and go between weeks for the same album).
/// - `cacheNames`: the file names to look for in `Content/charts/albums/`, in order: the album
///   mbid (lowercased) when there is one, then `<artist slug>--<album slug>` (each part made by
///   `Slug.make`, which never yields "--" itself, so the pair cannot be read two ways).
///   A name with no Latin letters or digits becomes "x" followed by its UTF-8 bytes in hex.
public struct AlbumKey: Sendable, Hashable, Comparable {
    public let id: String
    public let mbid: String?
    public let slug: String

    public init(artist: String, album: String, mbid: String?) {
        id = artist.lowercased() + "\u{1F}" + album.lowercased()
        let trimmed = mbid?.trimmed.lowercased() ?? ""
        self.mbid = trimmed.isEmpty ? nil : trimmed
        slug = Self.slugPart(artist) + "--" + Self.slugPart(album)
    }

    private init(id: String, mbid: String?, slug: String) {
        self.id = id
        self.mbid = mbid
        self.slug = slug
    }

    /// The same key, its strings shared with every equal string in `pool`.
    func interned(in pool: inout StringPool) -> AlbumKey {
        AlbumKey(id: pool(id), mbid: pool(mbid), slug: pool(slug))
    }

    public var cacheNames: [String] {
        let bySlug = slug + ".json"
        guard let mbid else { return [bySlug] }
        return [Slug.segment(mbid) + ".json", bySlug]
    }

    /// The album.getInfo answer still to ask for, as one of `cacheNames`: by mbid while nothing
    /// is cached under it, then by artist and album (Last.fm often does not know an mbid its
    /// charts give) unless that answer is cached, good or "not found". `cached` tells whether a
    /// file of that name is there and holds the album's data. Nil when nothing is left to ask;
    /// `sitegen fetch` asks for it, and `sitegen check` lists it as missing.
    public func answerToAsk(artistKnown: Bool, cached: (String) -> (exists: Bool, good: Bool)) -> (name: String, byMBID: Bool)? {
        let names = cacheNames
        let byName = names[names.count - 1]
        if cached(byName).exists { return nil }
        if mbid != nil, names.count == 2 {
            let state = cached(names[0])
            if !state.exists { return (names[0], true) }
            if state.good { return nil }
        }
        return artistKnown ? (byName, false) : nil
    }

    static func slugPart(_ text: String) -> String {
        let slug = Slug.make(text, fallback: "")
        if !slug.isEmpty { return slug }
        let hex = text.lowercased().utf8.prefix(40).map { byte in
            String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }
        return "x" + hex.joined()
    }

    public static func == (lhs: AlbumKey, rhs: AlbumKey) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public static func < (lhs: AlbumKey, rhs: AlbumKey) -> Bool { lhs.id < rhs.id }
}
