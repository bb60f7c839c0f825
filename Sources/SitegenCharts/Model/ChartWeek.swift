/// One Last.fm chart week: the half-open range `[from, to)` of Unix seconds that
/// user.getWeeklyChartList lists and user.getWeeklyAlbumChart is asked for.
public struct ChartWeek: Sendable, Hashable, Comparable {
    public let from: Int
    public let to: Int

    /// nil unless `from` is before `to`, and not before 1970: a negative time would make a
    /// file name ("-5-100.json") that no week is read back from.
    public init?(from: Int, to: Int) {
        guard 0 <= from, from < to else { return nil }
        self.from = from
        self.to = to
    }

    /// Half-open: a week owns its first second and not its last, so when two weeks share a
    /// boundary second, the later week wins it.
    public func contains(_ instant: Int) -> Bool { from <= instant && instant < to }

    /// The cache file name under `weeks/`: "1108296000-1108900800.json".
    public var fileName: String { "\(from)-\(to).json" }

    /// Reads "<from>-<to>.json".
    public init?(fileName: String) {
        guard fileName.hasSuffix(".json") else { return nil }
        let parts = fileName.dropLast(5).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let from = Int(parts[0]), let to = Int(parts[1]) else { return nil }
        self.init(from: from, to: to)
    }

    public static func < (lhs: ChartWeek, rhs: ChartWeek) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
}

/// The weeks a listener's charts can be asked for, sorted, for finding the week of an instant.
public struct WeekList: Sendable {
    public let weeks: [ChartWeek]

    /// Sorts and drops repeated entries.
    public init(_ weeks: [ChartWeek]) { self.weeks = Array(Set(weeks)).sorted() }

    public enum Lookup: Sendable, Equatable {
        case week(ChartWeek)
        /// Before the first listed week (Last.fm's list starts 13 February 2005).
        case beforeFirst(ChartWeek)
        /// After the last listed week: the list was fetched before that date.
        case afterLast(ChartWeek)
        /// Between two listed weeks that do not touch (a gap in the list), or no weeks at all.
        case unlisted
    }

    /// The week whose `[from, to)` holds `instant`. Weeks may overlap in a hand-made list; the
    /// one that started last wins, consistent with the later week winning a shared boundary.
    public func lookup(_ instant: Int) -> Lookup {
        guard let first = weeks.first, let last = weeks.last else { return .unlisted }
        if instant < first.from { return .beforeFirst(first) }
        // The last week starting at or before the instant.
        var low = 0
        var high = weeks.count
        while low < high {
            let middle = (low + high) / 2
            if weeks[middle].from <= instant { low = middle + 1 } else { high = middle }
        }
        let candidate = weeks[low - 1]
        if candidate.contains(instant) { return .week(candidate) }
        return instant >= last.to && candidate == last ? .afterLast(last) : .unlisted
    }
}
