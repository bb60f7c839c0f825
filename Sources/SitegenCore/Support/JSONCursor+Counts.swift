/// Counts from cached data (plays, downloads) read strictly: a value of the wrong type or out
/// of range is never passed off as 0.
extension JSONCursor {
    /// This value as a count: a whole number from 0 up (a numeric string as services send it).
    /// nil when there is none (missing, null, ""); nil with a warning naming the file and JSON
    /// path when there is something else ("five", 1e999, -3, 2.5, a list): shown as unknown.
    public func count(_ what: String, warnings: WarningLog) -> Int? {
        if isEmpty { return nil }
        if let count = int, count >= 0 { return count }
        warnings.add("expected \(what) (a whole number from 0), found \(describeValue); shown as unknown", at: location)
        return nil
    }

    /// True when this value is a count or nothing: what `count` takes without a warning.
    public var isCountOrNothing: Bool {
        isEmpty || (int.map { $0 >= 0 } ?? false)
    }
}
