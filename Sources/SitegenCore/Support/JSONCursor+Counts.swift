/// Numbers from cached data (plays, downloads, ratings, ids, coordinates) read strictly: a value
/// of the wrong type or out of range is a warning naming the file and JSON path, and is shown as
/// unknown, never passed off as 0.
extension JSONCursor {
    /// This value as a count: a whole number from 0 up (a numeric string as services send it).
    /// nil when there is none (missing, null, ""); nil with a warning naming the file and JSON
    /// path when there is something else ("five", 1e999, -3, 2.5, a list, over 10^12): shown as unknown.
    public func count(_ what: String, warnings: WarningLog) -> Int? {
        if isEmpty { return nil }
        if let count = int, (0...Self.largestCount).contains(count) { return count }
        warnings.add("expected \(what) (a whole number from 0 to 10^12), found \(describeValue); shown as unknown", at: location)
        return nil
    }

    /// The largest count read as one: far above any real play, download or review count, and
    /// small enough that millions of them sum without overflow (totals use `checkedSum` too).
    public static let largestCount = 1_000_000_000_000

    /// This value as an identifier: a whole number from 1. nil when there is none; nil with a
    /// warning when there is something else.
    public func identifier(_ what: String, warnings: WarningLog) -> Int? {
        if isEmpty { return nil }
        if let id = int, id > 0 { return id }
        warnings.add("expected \(what) (a whole number from 1), found \(describeValue); shown as unknown", at: location)
        return nil
    }

    /// This value as a number in `range` (a numeric string as services send it). nil when there
    /// is none; nil with a warning when there is something else ("far", 1e999, 91 for a latitude).
    public func number(_ what: String, in range: ClosedRange<Double>, warnings: WarningLog) -> Double? {
        if isEmpty { return nil }
        if let number = double, number.isFinite, range.contains(number) { return number }
        warnings.add("expected \(what) (a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))), found \(describeValue); shown as unknown",
                     at: location)
        return nil
    }

}
