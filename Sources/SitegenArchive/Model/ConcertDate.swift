import SitegenCore

/// The date of a concert as far as it is known: archive.org dates can lack a month or a day
/// ("1966-00-00", "gd1967-xx-xx"), and an unknown part stays unknown rather than guessed.
public struct ConcertDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int?
    public let month: Int?
    public let day: Int?

    /// Parts that do not make a valid date together are dropped from the right: a day without a
    /// month is kept only when the month is known, and a day must exist in its month.
    public init(year: Int?, month: Int?, day: Int?) {
        let year = year.flatMap { (1...9999).contains($0) ? $0 : nil }
        let month = month.flatMap { (1...12).contains($0) ? $0 : nil }
        var day = day.flatMap { (1...31).contains($0) ? $0 : nil }
        if let month, let known = day, known > LocalDate.daysIn(month: month, year: year ?? 2000) { day = nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public init(_ date: LocalDate) { self.init(year: date.year, month: date.month, day: date.day) }

    /// The full date when every part is known.
    public var localDate: LocalDate? {
        guard let year, let month, let day else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    public var isComplete: Bool { localDate != nil }

    /// "1977-05-08", "1966-??-??": the form shown to people.
    public var description: String { text(unknown: "??") }

    /// "1966-xx-xx": the form used in URLs and grouping keys.
    public var key: String { text(unknown: "xx") }

    private func text(unknown: String) -> String {
        let y = year?.zeroPadded(4) ?? unknown + unknown
        let m = month?.zeroPadded(2) ?? unknown
        let d = day?.zeroPadded(2) ?? unknown
        return "\(y)-\(m)-\(d)"
    }

    /// Known dates first in calendar order; an unknown part sorts after every known one.
    public static func < (lhs: ConcertDate, rhs: ConcertDate) -> Bool {
        func rank(_ part: Int?) -> Int { part ?? Int.max }
        return (rank(lhs.year), rank(lhs.month), rank(lhs.day)) < (rank(rhs.year), rank(rhs.month), rank(rhs.day))
    }
}
