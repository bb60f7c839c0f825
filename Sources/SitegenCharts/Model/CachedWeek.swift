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
