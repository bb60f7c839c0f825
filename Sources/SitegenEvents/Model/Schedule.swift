import SitegenCore

/// What "upcoming" means for a set of events on a build date: the days from today to the horizon,
/// each with its events in order. An event is listed on its local start date (`start.date`, never
/// converted to another zone); a festival that started before today and still runs is listed on
/// today. A multi-day event is also named on each further day it runs ("continues").
struct Schedule: Sendable {
    struct Listing: Sendable {
        var event: Event
        /// The day it is listed on: its start date, or today when it began earlier.
        var date: LocalDate
        /// Began before today and is listed on today.
        var startedEarlier: Bool
        /// The start time used for ordering; nil ("time TBA") also for a festival that began earlier.
        var time: LocalTime? { startedEarlier ? nil : event.start.time }
    }

    struct Day: Sendable {
        var date: LocalDate
        var listings: [Listing]
        /// Multi-day events listed on an earlier day that still run on this one.
        var continuing: [Event]
    }

    let today: LocalDate
    /// The last day listed (today + horizon).
    let lastDay: LocalDate
    let days: [Day]

    init(events: [Event], today: LocalDate, horizonDays: Int) {
        self.today = today
        self.lastDay = today.adding(days: horizonDays)
        var byDay: [LocalDate: Day] = [:]
        for event in events where event.lastDate >= today {
            let listed = max(event.start.date, today)
            guard listed <= lastDay else { continue }
            byDay[listed, default: Day(date: listed, listings: [], continuing: [])]
                .listings.append(Listing(event: event, date: listed, startedEarlier: listed > event.start.date))
            var day = listed.adding(days: 1)
            while day <= min(event.lastDate, lastDay) {
                byDay[day, default: Day(date: day, listings: [], continuing: [])].continuing.append(event)
                day = day.adding(days: 1)
            }
        }
        days = byDay.values.sorted { $0.date < $1.date }.map { day in
            var sorted = day
            sorted.listings.sort(by: Schedule.inOrder)
            sorted.continuing.sort { Schedule.nameKey($0) < Schedule.nameKey($1) }
            return sorted
        }
    }

    /// Every listed event once, in listing order.
    var listings: [Listing] { days.flatMap(\.listings) }

    var isEmpty: Bool { days.isEmpty }

    /// By local start time, events without a time last; ties by headliner name, then id.
    static func inOrder(_ lhs: Listing, _ rhs: Listing) -> Bool {
        let left = (lhs.time == nil ? 1 : 0, lhs.time?.secondsOfDay ?? 0)
        let right = (rhs.time == nil ? 1 : 0, rhs.time?.secondsOfDay ?? 0)
        if left != right { return left < right }
        return nameKey(lhs.event) < nameKey(rhs.event)
    }

    private static func nameKey(_ event: Event) -> NameKey {
        NameKey(folded: event.leadName.lowercased(), name: event.leadName, id: event.id)
    }

    private struct NameKey: Comparable {
        var folded: String
        var name: String
        var id: Int
        static func < (lhs: NameKey, rhs: NameKey) -> Bool { (lhs.folded, lhs.name, lhs.id) < (rhs.folded, rhs.name, rhs.id) }
    }
}
