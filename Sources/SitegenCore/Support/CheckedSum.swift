extension Sequence where Element == Int {
    /// The sum, or nil when it does not fit in an Int. Counts come from cached answers, which are
    /// hostile: a total that overflows is unknown (shown as such, or ranked as the largest),
    /// never a trap and never a wrapped number. The counts themselves are bounded when read
    /// (`JSONCursor.count`, with a warning naming the file and path), so real totals never come
    /// near the limit.
    public func checkedSum() -> Int? {
        var total = 0
        for value in self {
            let (sum, overflow) = total.addingReportingOverflow(value)
            if overflow { return nil }
            total = sum
        }
        return total
    }
}
