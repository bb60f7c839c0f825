import SitegenCore

/// How an album moved against the listener's previous cached week.
public enum Movement: Sendable, Hashable {
    /// Not in any earlier cached week.
    case new
    /// In an earlier cached week, but not in the previous one.
    case reentry
    case up(Int)
    case down(Int)
    case same
}

/// Chart positions that treat tied play counts as one position.
///
/// Last.fm ranks run 1...N without gaps even when play counts tie, and the order inside a tie
/// is arbitrary. Sitegen shows and compares the *standing* instead: 1 + the number of albums
/// with more plays ("competition ranking": 12, 12, 9 plays stand 1, 1, 3). So two albums that
/// swap places inside a tie have not moved, and an album tied at its old place stays "same".
public enum Standings {
    /// The standing of each entry, in the order given.
    public static func of(_ entries: [ChartEntry]) -> [Int] {
        let counted = comparable(entries)
        let plays = counted.sorted(by: >)
        return counted.map { count in
            // First index with fewer or equal plays = number of albums with more plays.
            var low = 0
            var high = plays.count
            while low < high {
                let middle = (low + high) / 2
                if plays[middle] > count { low = middle + 1 } else { high = middle }
            }
            return low + 1
        }
    }

    /// The play counts to compare, entries in rank order: an album whose count is unknown stands
    /// with the album ranked above it (Last.fm's rank says it was played no more often).
    static func comparable(_ entries: [ChartEntry]) -> [Int] {
        var above = Int.max
        return entries.map { entry in
            if let plays = entry.plays { above = plays }
            return above
        }
    }

    /// Whether an entry shares its standing with another.
    public static func tied(_ standings: [Int]) -> [Bool] {
        var counts: [Int: Int] = [:]
        for standing in standings { counts[standing, default: 0] += 1 }
        return standings.map { (counts[$0] ?? 0) > 1 }
    }

    /// Movement of each entry of `current` against `previous`, matched by album with `ListDiff`;
    /// `chartedEarlier` says whether an album charted in any cached week before `previous`.
    public static func movements(current: [ChartEntry], previous: [ChartEntry],
                                 chartedEarlier: (AlbumKey) -> Bool) -> [Movement] {
        let diff = ListDiff(from: previous, to: current, id: \.key)
        let now = of(current)
        let before = of(previous)
        return current.indices.map { index in
            guard let oldIndex = diff.oldIndex(forNew: index) else {
                return chartedEarlier(current[index].key) ? .reentry : .new
            }
            let change = before[oldIndex] - now[index]
            return change > 0 ? .up(change) : change < 0 ? .down(-change) : .same
        }
    }
}
