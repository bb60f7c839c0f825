import Foundation
import SitegenCore

/// One metro area prepared for its pages, once per build: its schedule on the build date, the
/// paths of its pages and the slugs of its venues. Turns schedule entries into rows.
struct CityPlan {
    let metro: Metro
    let settings: EventsSettings
    let clock: BuildClock
    /// The words, dates and numbers of the site's language.
    let language: SiteLanguage
    let schedule: Schedule
    /// Venue id → slug, for the venues with listed events (unknown venues have no page).
    let venueSlugs: [Int: String]

    init(metro: Metro, settings: EventsSettings, clock: BuildClock, language: SiteLanguage) {
        self.metro = metro
        self.settings = settings
        self.clock = clock
        self.language = language
        schedule = Schedule(events: metro.events, today: clock.today, horizonDays: settings.horizonDays)
        var registry = SlugRegistry()
        var slugs: [Int: String] = [:]
        let venues = Dictionary(schedule.listings.compactMap { listing in listing.event.venue.id.map { ($0, listing.event.venue.name ?? "") } },
                                uniquingKeysWith: { first, _ in first })
        for (id, name) in venues.sorted(by: { ($0.value.lowercased(), $0.key) < ($1.value.lowercased(), $1.key) }) {
            slugs[id] = registry.claim(Slug.make(name, fallback: "venue"))
        }
        venueSlugs = slugs
    }

    /// A schedule of some of the city's events (a type, a venue).
    func schedule(where include: (Event) -> Bool) -> Schedule {
        Schedule(events: metro.events.filter(include), today: clock.today, horizonDays: settings.horizonDays)
    }

    // MARK: Paths

    var cityPath: SitePath { .page("events", metro.slug) }

    /// The metro's name, or the language's words for one without ("Metro 24426").
    var cityName: String { metro.name ?? language.text("metro_unnamed", ["id": String(metro.id)]) }
    var venuesPath: SitePath { .page("events", metro.slug, "venues") }
    /// The city's subscribable calendar; none while no calendar page of the city can be read.
    /// An empty calendar would tell every subscriber's calendar program that nothing is on and
    /// wipe what it showed; a calendar the server does not have (404) is a failed refresh, after
    /// which calendar programs keep the events they last read. The build cannot keep the last
    /// good calendar itself (it has only the cache), so it leaves that to the subscriber's copy.
    var calendarPath: SitePath? { metro.isAvailable ? .file("events", metro.slug, "calendar.ics") : nil }
    func typePath(festivals: Bool) -> SitePath { .page("events", metro.slug, festivals ? "festivals" : "concerts") }
    func eventPath(_ event: Event) -> SitePath { .page("events", metro.slug, String(event.id)) }
    func eventCalendarPath(_ event: Event) -> SitePath { .file("events", metro.slug, "\(event.id).ics") }
    /// The venue's name, or the language's words for one Songkick does not name.
    func venueName(_ venue: Venue) -> String { venue.name ?? language.text("unknown_venue") }

    func venuePath(_ venue: Venue) -> SitePath? {
        venue.id.flatMap { venueSlugs[$0] }.map { .page("events", metro.slug, "venues", $0) }
    }

    // MARK: Rows

    /// `linkingVenues` false on a venue's own page, where each row's venue link led back to it.
    func days(_ schedule: Schedule, linkingVenues: Bool = true) -> [DayModel] {
        schedule.days.map { day in
            DayModel(anchor: "d-\(day.date)", heading: language.date(day.date, .weekdayLong), datetime: day.date.description,
                    badge: badge(day.date), events: day.listings.map { row($0, withDate: false, linkingVenue: linkingVenues) },
                    continuing: day.continuing.map { continuingRow($0, on: day.date) })
        }
    }

    /// The next few events that are not cancelled, for the index and the home page.
    func preview() -> [EventRowModel] {
        schedule.listings.filter { $0.event.status != .cancelled }.prefix(settings.previewCount).map { row($0, withDate: true) }
    }

    func row(_ listing: Schedule.Listing, withDate: Bool, linkingVenue: Bool = true) -> EventRowModel {
        let event = listing.event
        let time = listing.time
        return EventRowModel(
            href: eventPath(event).value,
            time: time.map { language.time(hour: $0.hour, minute: $0.minute) },
            // A festival of days has its dates, not a time still to come.
            timeTBA: time == nil && !listing.startedEarlier && !event.isMultiDay,
            datetime: EventText.machine(listing.date, time),
            date: listing.date.description,
            dateLabel: withDate ? language.date(listing.date, .weekdayShortDayMonth) : nil,
            headline: headline(event),
            supportText: lineupText(event),
            venueName: venueName(event.venue),
            venueHref: linkingVenue ? venuePath(event.venue)?.value : nil,
            cityText: event.city,
            typeLabel: typeLabel(event),
            isFestival: event.isFestival,
            dateRange: event.isMultiDay ? language.range(event.start.date, event.lastDate) : nil,
            onNow: listing.startedEarlier,
            status: status(event),
            favourite: favourite(event),
            lat: (event.venue.coordinate ?? event.location).map { EventText.coordinate($0.latitude) },
            lng: (event.venue.coordinate ?? event.location).map { EventText.coordinate($0.longitude) }
        )
    }

    /// The star of an event: its Songkick id, headline, venue and first day.
    func favourite(_ event: Event) -> FavouriteModel {
        FavouriteModel(kind: .event, id: String(event.id), title: headline(event), href: eventPath(event).value,
                      detail: [event.venue.name, event.city].compactMap { $0 }.joined(separator: ", "), date: event.start.date.description)
    }

    func continuingRow(_ event: Event, on date: LocalDate) -> ContinuingRowModel {
        let until = date == event.lastDate ? language.text("last_day")
            : language.text("continues_until", ["date": language.date(event.lastDate, .weekdayShortDayMonth)])
        return ContinuingRowModel(href: eventPath(event).value, headline: headline(event), untilText: until, status: status(event))
    }

    /// Headliners joined, or the festival's or event's name when that says more.
    func headline(_ event: Event) -> String { Self.headline(event, language) }

    /// What an event is called wherever it is shown (rows, page title and heading, JSON-LD,
    /// calendars), worded from the model: a concert by its headliners in the site's language's
    /// list form; the event's own name (`Event.title`) only where the model has no other: a
    /// festival's, or a concert's without a line-up ("Sunday Sessions: open stage").
    static func headline(_ event: Event, _ language: SiteLanguage) -> String {
        guard event.isFestival || event.headliners.isEmpty else { return language.list(event.headliners.map(\.name)) }
        return event.title ?? language.text("event_untitled", ["id": String(event.id)])
    }

    /// An event's calendar entry and a one-event calendar's name: "PUP at Electric Ballroom",
    /// "PUP im Electric Ballroom", as the event page's description words it (the date is the entry's own).
    static func calendarTitle(_ event: Event, _ language: SiteLanguage) -> String {
        let heading = headline(event, language)
        return event.venue.name.map { language.text("event_at", ["heading": heading, "venue": $0]) } ?? heading
    }

    /// "with B and C" under a concert's headliners; a festival's whole line-up, cut after six names.
    func lineupText(_ event: Event) -> String? {
        let names = event.isFestival ? (event.headliners + event.support).map(\.name) : event.support.map(\.name)
        guard !names.isEmpty else { return nil }
        let shown = names.count > 6 ? Array(names.prefix(5)) + [language.count("more_names", names.count - 5)] : names
        return language.text("lineup", ["names": language.list(shown)])
    }

    /// Songkick's type ("Concert", "Festival") in the site's words; another type as Songkick wrote it.
    func typeLabel(_ event: Event) -> String {
        let type = event.type.trimmingCharacters(in: .whitespaces)
        switch type.lowercased() {
        case "", "concert": return language.text("type_concert")
        case "festival": return language.text("type_festival")
        default: return type.prefix(1).uppercased() + type.dropFirst()
        }
    }

    func status(_ event: Event) -> StatusModel? {
        switch event.status {
        case .ok: return nil
        case .postponed: return StatusModel(label: language.text("status_postponed"), kind: "postponed")
        case .cancelled: return StatusModel(label: language.text("status_cancelled"), kind: "cancelled")
        }
    }

    private func badge(_ date: LocalDate) -> String? {
        if date == clock.today { return language.text("today") }
        if date == clock.today.adding(days: 1) { return language.text("tomorrow") }
        return nil
    }
}
