import SitegenCore

/// One album of a weekly album chart, as Last.fm ranked it.
public struct ChartEntry: Sendable, Hashable {
    public let key: AlbumKey
    /// nil when the chart names no artist: pages say so in the site's language.
    public let artist: String?
    public let album: String
    /// nil when the file's play count is missing or not a count (a warning names it): the
    /// pages say the plays are unknown, never 0.
    public let plays: Int?
    /// Last.fm's rank: 1...N without gaps, even when play counts tie.
    public let rank: Int
    /// The album's Last.fm page (kept as sent: percent- and plus-encoded).
    public let url: String?

    /// The same entry, its strings shared with every equal string in `pool`.
    func interned(in pool: inout StringPool) -> ChartEntry {
        ChartEntry(key: key.interned(in: &pool), artist: pool(artist), album: pool(album), plays: plays, rank: rank, url: pool(url))
    }
}

/// A cached user.getWeeklyAlbumChart file.
public struct CachedWeek: Sendable {
    public enum Content: Sendable {
        /// The albums by Last.fm rank; empty when nothing was played that week.
        case chart([ChartEntry])
        /// The cache holds an error body instead of a chart.
        case error(LastFMError)
    }

    public let week: ChartWeek
    /// The file, relative to Content/.
    public let file: String
    public let content: Content

    public var entries: [ChartEntry]? {
        if case .chart(let entries) = content { return entries }
        return nil
    }

    /// The same week, its entries' strings shared through `pool`.
    func interned(in pool: inout StringPool) -> CachedWeek {
        guard let entries else { return self }
        return CachedWeek(week: week, file: file, content: .chart(entries.map { $0.interned(in: &pool) }))
    }
}

/// An image Last.fm offers in several sizes, with the placeholder star and empty URLs removed.
public struct Artwork: Sendable, Hashable {
    public struct Variant: Sendable, Hashable {
        public let url: String
        /// Pixel width and height (Last.fm's images are square).
        public let pixels: Int
    }

    /// Usable variants, smallest first.
    public let variants: [Variant]

    /// The smallest variant at least `pixels` wide (for a sharp picture at twice the display
    /// size), else the largest there is.
    public func best(forAtLeast pixels: Int) -> Variant? {
        variants.first { $0.pixels >= pixels } ?? variants.last
    }
}

/// What album.getInfo says about an album that the pages use.
public struct AlbumInfo: Sendable {
    public let name: String
    /// nil when album.getInfo names no artist.
    public let artist: String?
    public let url: String?
    public let artwork: Artwork?
    public let tags: [String]
    public let trackCount: Int
    /// The wiki summary as plain text, "Read more on Last.fm" removed.
    public let summary: String?
    public let file: String
}

/// What user.getInfo says about a listener.
public struct ListenerProfile: Sendable {
    public let name: String
    public let realName: String?
    public let playcount: Int?
    /// Unix seconds, from `registered.unixtime` (`#text` is an int or a date string by endpoint).
    public let registered: Int?
    public let avatar: Artwork?
    public let url: String?
    public let country: String?
}
