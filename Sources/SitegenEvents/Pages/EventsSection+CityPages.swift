import SitegenCore

extension EventsSection {
    func indexPage(_ plans: [CityPlan], today: LocalDate) -> Page {
        let cities = plans.map { plan -> CityTeaser in
            let count = plan.schedule.listings.count
            return CityTeaser(name: plan.metro.name, href: plan.cityPath.value, countText: Self.count(count),
                              calendarHref: plan.calendarPath.value, concerts: plan.preview(),
                              emptyText: count == 0 && plan.metro.isAvailable ? "Nothing listed in the coming \(settings.horizonDays) days." : nil,
                              centreLat: plan.metro.centre.map { EventText.coordinate($0.latitude) },
                              centreLng: plan.metro.centre.map { EventText.coordinate($0.longitude) },
                              unavailable: !plan.metro.isAvailable)
        }
        let model = EventsIndexPage(
            heading: "Upcoming concerts",
            intro: "Concerts and festivals from \(DateText.long(today)) to \(DateText.long(today.adding(days: settings.horizonDays))), by city.",
            cities: cities)
        var inputs: Set<Dependency> = [.setting(Self.key), .buildDate]
        for plan in plans { inputs.formUnion(plan.listingInputs) }
        return .html(.page("events"), template: "events/index", model: model,
                     meta: PageMeta(title: "Upcoming concerts", description: model.intro, section: Self.key), inputs: inputs)
    }

    /// The city page, its type filters, its venue list and one page per venue.
    func cityPages(_ plan: CityPlan) -> [Page] {
        let metro = plan.metro
        let concerts = plan.schedule { !$0.isFestival }
        let festivals = plan.schedule { $0.isFestival }
        let filters = { (current: String) -> [FilterLink] in
            [FilterLink(label: "All", href: plan.cityPath.value, count: String(plan.schedule.listings.count), current: current == "all"),
             FilterLink(label: "Concerts", href: plan.typePath(festivals: false).value, count: String(concerts.listings.count),
                        current: current == "concerts"),
             FilterLink(label: "Festivals", href: plan.typePath(festivals: true).value, count: String(festivals.listings.count),
                        current: current == "festivals"),
             FilterLink(label: "Venues", href: plan.venuesPath.value, count: String(plan.venueSlugs.count), current: current == "venues")]
        }
        func page(_ path: SitePath, _ heading: String, _ schedule: Schedule, filter: String, venue: VenueView? = nil) -> Page {
            var links = filters(filter)
            if let venue {
                // A venue page counts its own events: the city's links go without numbers, and
                // the venue itself is the current entry, with its count.
                for index in links.indices { links[index].count = nil }
                links.append(FilterLink(label: venue.name, href: path.value, count: String(schedule.listings.count), current: true))
            }
            let model = EventsCityPage(
                indexHref: SitePath.page("events").value, heading: heading, summary: summary(schedule),
                cityName: metro.name, cityHref: plan.cityPath.value, filters: links, venueInfo: venue,
                calendarHref: plan.calendarPath.value, days: plan.days(schedule),
                emptyText: schedule.isEmpty && metro.isAvailable ? "Nothing listed in the coming \(settings.horizonDays) days." : nil,
                unavailable: !metro.isAvailable)
            return .html(path, template: "events/city", model: model,
                         meta: PageMeta(title: heading, description: model.summary, section: Self.key), inputs: plan.listingInputs)
        }
        var pages = [
            page(plan.cityPath, "Concerts in \(metro.name)", plan.schedule, filter: "all"),
            page(plan.typePath(festivals: false), "Concerts in \(metro.name) (no festivals)", concerts, filter: "concerts"),
            page(plan.typePath(festivals: true), "Festivals in \(metro.name)", festivals, filter: "festivals"),
        ]
        // Venues: one representative event per venue id (the first listed), in slug order.
        var venues: [Int: Venue] = [:]
        for listing in plan.schedule.listings {
            if let id = listing.event.venue.id, venues[id] == nil { venues[id] = listing.event.venue }
        }
        let ordered = venues.values.compactMap { venue in plan.venuePath(venue).map { (venue, $0) } }.sorted { $0.1 < $1.1 }
        var links: [VenueLink] = []
        for (venue, path) in ordered {
            let schedule = plan.schedule { $0.venue.id == venue.id }
            links.append(VenueLink(name: venue.name, href: path.value, count: Self.count(schedule.listings.count)))
            pages.append(page(path, "\(venue.name), \(metro.name)", schedule, filter: "venue",
                              venue: venueView(venue, plan: plan, linkToPage: false)))
        }
        let venuesModel = EventsVenuesPage(
            indexHref: SitePath.page("events").value, heading: "Venues in \(metro.name)", cityName: metro.name,
            cityHref: plan.cityPath.value, filters: filters("venues"),
            venues: links.sorted { ($0.name.lowercased(), $0.href) < ($1.name.lowercased(), $1.href) },
            emptyText: links.isEmpty && metro.isAvailable ? "No venues with upcoming events." : nil,
            unavailable: !metro.isAvailable)
        pages.insert(.html(plan.venuesPath, template: "events/venues", model: venuesModel,
                           meta: PageMeta(title: venuesModel.heading, section: Self.key), inputs: plan.listingInputs), at: 3)
        return pages
    }

    /// The city's calendar and one calendar per listed event.
    func calendarFiles(_ plan: CityPlan, context: PageContext) -> [Page] {
        let host = EventCalendar.host(of: context.config.baseURL)
        let stamp = Int(context.clock.now.timeIntervalSince1970)
        let inputs = plan.listingInputs.union([.setting("base_url")])
        let listings = plan.schedule.listings
        let city = EventCalendar(host: host, stamp: stamp, name: "Concerts in \(plan.metro.name)", reminderHours: settings.reminderHours)
        var pages = [Page(path: plan.calendarPath,
                          body: .text(city.document(listings.map { ($0.event, context.config.absoluteURL(plan.eventPath($0.event))) })),
                          meta: PageMeta(section: Self.key, inSitemap: false), inputs: inputs)]
        for listing in listings {
            let event = listing.event
            let single = EventCalendar(host: host, stamp: stamp, name: event.title, reminderHours: settings.reminderHours)
            pages.append(Page(path: plan.eventCalendarPath(event),
                              body: .text(single.document([(event, context.config.absoluteURL(plan.eventPath(event)))])),
                              meta: PageMeta(section: Self.key, inSitemap: false), inputs: plan.eventInputs(event)))
        }
        return pages
    }

    private func summary(_ schedule: Schedule) -> String {
        "\(Self.count(schedule.listings.count)) from \(DateText.long(schedule.today)) to \(DateText.long(schedule.lastDay))."
    }

    /// "1 event", "12 events"
    static func count(_ number: Int) -> String { number == 1 ? "1 event" : "\(number) events" }
}
