import Foundation
import SitegenCore

/// "This week N years ago" for one listener: the build date moved back N calendar years
/// (29 February becomes 28 February), the first instant of that day in the site's time zone,
/// and the chart week whose half-open range `[from, to)` holds that instant. At a boundary
/// second shared by two weeks the later week wins.
public struct YearsAgo: Sendable {
    public enum State: Sendable {
        /// The week's chart is cached (possibly with no albums).
        case chart(ListenerCharts.Week)
        /// The cache holds an error body for the week.
        case error(ChartWeek, LastFMError, file: String)
        /// The week is listed by Last.fm but its chart is not cached.
        case notCached(ChartWeek)
        /// The week is listed, not cached, and ended before the listener registered: its chart
        /// is empty by necessity, so nothing is missing (Last.fm lists such weeks, and a cache
        /// made by hand often leaves them out).
        case beforeRegistration(ChartWeek)
        /// The date is before the first listed week.
        case beforeFirstWeek(ChartWeek)
        /// The date is after the last listed week (the week list is older than the date).
        case afterLastWeek(ChartWeek)
        /// No listed week holds the date.
        case unlisted
    }

    public let years: Int
    public let date: LocalDate
    /// The instant looked up, in Unix seconds.
    public let instant: Int
    public let state: State

    /// The week shown, when there is one.
    public var week: ChartWeek? {
        switch state {
        case .chart(let week): return week.cached.week
        case .error(let week, _, _), .notCached(let week), .beforeRegistration(let week): return week
        case .beforeFirstWeek, .afterLastWeek, .unlisted: return nil
        }
    }

    /// Whether the week's chart is cached (even if empty): its week page exists.
    public var hasData: Bool {
        if case .chart = state { return true }
        return false
    }

    /// Whether the week's chart holds albums: only such years are linked as the previous or
    /// next year (a year before the listener joined, or without plays, is an empty page; the
    /// listener's page still lists it).
    public var hasAlbums: Bool {
        if case .chart(let week) = state { return !week.entries.isEmpty }
        return false
    }

    public static func instant(yearsBefore today: LocalDate, years: Int, in zone: TimeZone) -> (LocalDate, Int) {
        let date = today.yearsEarlier(years)
        return (date, Int(date.startInstant(in: zone).timeIntervalSince1970.rounded(.down)))
    }

    public init(years: Int, today: LocalDate, zone: TimeZone, charts: ListenerCharts) {
        self.years = years
        (date, instant) = Self.instant(yearsBefore: today, years: years, in: zone)
        switch charts.listener.weekList.lookup(instant) {
        case .week(let week):
            if let cached = charts.week(week) {
                switch cached.cached.content {
                case .chart: state = .chart(cached)
                case .error(let error): state = .error(week, error, file: cached.cached.file)
                }
            } else {
                state = charts.listener.isBeforeRegistration(week) ? .beforeRegistration(week) : .notCached(week)
            }
        case .beforeFirst(let first): state = .beforeFirstWeek(first)
        case .afterLast(let last): state = .afterLastWeek(last)
        case .unlisted: state = .unlisted
        }
    }

    /// Every N from 1 back to the year of the oldest cached week: N is included while its date's
    /// instant is not before the oldest cached week's start; `limit` caps N.
    public static func all(today: LocalDate, zone: TimeZone, charts: ListenerCharts, limit: Int?) -> [YearsAgo] {
        guard let oldest = charts.weeks.first?.cached.week else { return [] }
        var result: [YearsAgo] = []
        var years = 1
        while limit.map({ years <= $0 }) ?? true {
            let (_, instant) = instant(yearsBefore: today, years: years, in: zone)
            guard instant >= oldest.from else { break }
            result.append(YearsAgo(years: years, today: today, zone: zone, charts: charts))
            years += 1
        }
        return result
    }
}
