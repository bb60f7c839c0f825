import SitegenCore

/// A listener's charts with everything the pages need computed once: standings and movement
/// for every cached week, and the index album → weeks it charted in. Pages only look things up.
public struct ListenerCharts: Sendable {
    public struct Week: Sendable {
        public let cached: CachedWeek
        /// Per entry (same order as the chart): standing, tie flag, movement (nil when no
        /// earlier week is cached to compare with).
        public let standings: [Int]
        public let tied: [Bool]
        public let movements: [Movement]?
        /// The cached week movement was measured against.
        public let comparedWith: ChartWeek?
        public var entries: [ChartEntry] { cached.entries ?? [] }
        /// nil when an album's plays are unknown (or the sum does not fit: `checkedSum`).
        public var totalPlays: Int? {
            let entries = entries
            guard !entries.contains(where: { $0.plays == nil }) else { return nil }
            return entries.lazy.compactMap(\.plays).checkedSum()
        }
    }

    /// One week an album charted in.
    public struct Appearance: Sendable {
        public let week: ChartWeek
        /// nil when unknown (`ChartEntry.plays`).
        public let plays: Int?
        public let standing: Int
    }

    public let listener: Listener
    /// Cached weeks, oldest first (error bodies included, without standings).
    public let weeks: [Week]
    /// Cached weeks by week.
    public let position: [ChartWeek: Int]
    /// Album → the weeks it charted in, oldest first.
    public let appearances: [AlbumKey: [Appearance]]
    /// Album → its page's URL segment, unique for the listener.
    public let albumSlugs: [AlbumKey: String]
    /// A display name for each album (the first spelling seen).
    public let albumNames: [AlbumKey: (artist: String?, album: String)]

    public init(_ listener: Listener) {
        self.listener = listener
        var weeks: [Week] = []
        var position: [ChartWeek: Int] = [:]
        var appearances: [AlbumKey: [Appearance]] = [:]
        var names: [AlbumKey: (artist: String?, album: String)] = [:]
        var previous: (week: ChartWeek, entries: [ChartEntry])?
        for cached in listener.cached {
            position[cached.week] = weeks.count
            guard let entries = cached.entries else {
                weeks.append(Week(cached: cached, standings: [], tied: [], movements: nil, comparedWith: nil))
                continue
            }
            let standings = Standings.of(entries)
            // Albums seen before the previous week: `appearances` holds exactly the weeks so far.
            let movements = previous.map { previous in
                Standings.movements(current: entries, previous: previous.entries) { key in
                    appearances[key].map { $0.contains { $0.week < previous.week } } ?? false
                }
            }
            weeks.append(Week(cached: cached, standings: standings, tied: Standings.tied(standings),
                              movements: movements, comparedWith: previous?.week))
            for (index, entry) in entries.enumerated() {
                appearances[entry.key, default: []].append(Appearance(week: cached.week, plays: entry.plays, standing: standings[index]))
                if names[entry.key] == nil { names[entry.key] = (entry.artist, entry.album) }
            }
            previous = (cached.week, entries)
        }
        self.weeks = weeks
        self.position = position
        self.appearances = appearances
        self.albumNames = names
        var registry = SlugRegistry()
        var slugs: [AlbumKey: String] = [:]
        for key in appearances.keys.sorted() { slugs[key] = registry.claim(key.slug) }
        self.albumSlugs = slugs
    }

    public func week(_ chartWeek: ChartWeek) -> Week? { position[chartWeek].map { weeks[$0] } }

    /// The nearest cached week with a chart before / after position `index`.
    public func neighbour(of index: Int, step: Int) -> Week? {
        var next = index + step
        while weeks.indices.contains(next) {
            if weeks[next].cached.entries != nil { return weeks[next] }
            next += step
        }
        return nil
    }
}
