import Foundation

/// A calendar day with no time and no zone ("2026-11-22"). Ordering and arithmetic use the
/// proleptic Gregorian calendar in UTC, so they never depend on the machine's settings.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid date, or nil ("2009-09-31" is nil).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly "YYYY-MM-DD".
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        // Digits only: Int() also reads "+1" and "-1".
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// "2026-11-22"
    public var description: String { year.zeroPadded(4) + "-" + month.zeroPadded(2) + "-" + day.zeroPadded(2) }

    /// "11-22", the key of the on-this-day pages.
    public var monthDay: String { month.zeroPadded(2) + "-" + day.zeroPadded(2) }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The same day N calendar years earlier; 29 February becomes 28 February.
    public func yearsEarlier(_ years: Int) -> LocalDate {
        let target = year - years
        return LocalDate(year: target, month: month, day: min(day, LocalDate.daysIn(month: month, year: target)))!
    }

    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Days since 1970-01-01 (negative before), by the civil-from-days algorithm.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// The first instant of this day in `zone`.
    public func startInstant(in zone: TimeZone) -> Date {
        let utcMidnight = Double(daysSinceEpoch) * 86_400
        // Zone offsets are taken at the day itself; a DST change at midnight is corrected once.
        let guess = utcMidnight - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: utcMidnight)))
        return Date(timeIntervalSince1970: utcMidnight - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess))))
    }

    /// The calendar day that `instant` falls on in `zone`.
    public init(_ instant: Date, in zone: TimeZone) {
        let local = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))
        self.init(daysSinceEpoch: Int((local / 86_400).rounded(.down)))
    }
}

/// The one clock of a build: the build date and the site's time zone. Everything dated
/// ("N years ago", upcoming events, future posts, feed timestamps) reads it, never the system.
public struct BuildClock: Sendable, Hashable {
    public let today: LocalDate
    public let timeZone: TimeZone

    public init(today: LocalDate, timeZone: TimeZone) {
        self.today = today
        self.timeZone = timeZone
    }

    /// The start of the build day in the site's zone: the "now" of a build.
    public var now: Date { today.startInstant(in: timeZone) }

    /// Today in `zone` for the machine's current time: the default when no `--date` is given.
    public static func systemToday(in zone: TimeZone) -> LocalDate { LocalDate(Date(), in: zone) }
}
