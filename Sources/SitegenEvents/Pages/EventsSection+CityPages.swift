import SitegenCore

extension EventsSection {
    func indexPage(_ plans: [CityPlan], today: LocalDate, language: SiteLanguage) -> Page {
        let cities = plans.map { plan -> CityTeaserModel in
            let count = plan.schedule.listings.count
            return CityTeaserModel(name: plan.cityName, href: plan.cityPath.value, countText: language.count("events", count),
                              calendarHref: plan.calendarPath?.value, concerts: plan.preview(),
                              emptyText: count == 0 && plan.metro.isAvailable ? language.text("nothing_listed", ["days": language.number(settings.horizonDays)]) : nil,
                              centreLat: plan.metro.centre.map { EventText.coordinate($0.latitude) },
                              centreLng: plan.metro.centre.map { EventText.coordinate($0.longitude) },
                              unavailable: !plan.metro.isAvailable)
        }
        let model = EventsIndexModel(
            heading: language.text("upcoming_concerts"),
            intro: language.text("events_intro", ["from": language.date(today, .long),
                                                  "to": language.date(today.adding(days: settings.horizonDays), .long)]),
            cities: cities)
        return .html(.page("events"), template: "events/index", model: model,
                     meta: PageMeta(title: model.heading, description: model.intro, section: Self.key), inputs: [])
    }

    /// The city page, its type filters, its venue list and one page per venue.
    func cityPages(_ plan: CityPlan) -> [Page] {
        let metro = plan.metro
        let language = plan.language
        let concerts = plan.schedule { !$0.isFestival }
        let festivals = plan.schedule { $0.isFestival }
        let filters = { (current: String) -> [FilterLinkModel] in
            [FilterLinkModel(label: language.text("filter_all"), href: plan.cityPath.value, count: language.number(plan.schedule.listings.count),
                        current: current == "all"),
             FilterLinkModel(label: language.text("filter_concerts"), href: plan.typePath(festivals: false).value,
                        count: language.number(concerts.listings.count), current: current == "concerts"),
             FilterLinkModel(label: language.text("filter_festivals"), href: plan.typePath(festivals: true).value,
                        count: language.number(festivals.listings.count), current: current == "festivals"),
             FilterLinkModel(label: language.text("filter_venues"), href: plan.venuesPath.value, count: language.number(plan.venueSlugs.count),
                        current: current == "venues")]
        }
        func page(_ path: SitePath, _ heading: String, _ schedule: Schedule, filter: String, venue: VenueModel? = nil) -> Page {
            var links = filters(filter)
            if let venue {
                // A venue page counts its own events: the city's links go without numbers, and
                // the venue itself is the current entry, with its count.
                for index in links.indices { links[index].count = nil }
                links.append(FilterLinkModel(label: venue.name, href: path.value, count: language.number(schedule.listings.count), current: true))
            }
            let model = EventsCityModel(
                indexHref: SitePath.page("events").value, heading: heading, summary: summary(schedule, language: language),
                cityName: plan.cityName, cityHref: path == plan.cityPath ? nil : plan.cityPath.value, filters: links, venueInfo: venue,
                calendarHref: plan.calendarPath?.value, days: plan.days(schedule, linkingVenues: venue == nil),
                emptyText: schedule.isEmpty && metro.isAvailable ? language.text("nothing_listed", ["days": language.number(settings.horizonDays)]) : nil,
                unavailable: !metro.isAvailable)
            return .html(path, template: "events/city", model: model,
                         meta: PageMeta(title: heading, description: model.summary, section: Self.key), inputs: [])
        }
        var pages = [
            page(plan.cityPath, language.text("city_heading", ["city": plan.cityName]), plan.schedule, filter: "all"),
            page(plan.typePath(festivals: false), language.text("city_concerts_heading", ["city": plan.cityName]), concerts, filter: "concerts"),
            page(plan.typePath(festivals: true), language.text("city_festivals_heading", ["city": plan.cityName]), festivals, filter: "festivals"),
        ]
        // Venues: one representative event per venue id (the first listed), in slug order.
        var venues: [Int: Venue] = [:]
        for listing in plan.schedule.listings {
            if let id = listing.event.venue.id, venues[id] == nil { venues[id] = listing.event.venue }
        }
        let ordered = venues.values.compactMap { venue in plan.venuePath(venue).map { (venue, $0) } }.sorted { $0.1 < $1.1 }
        var links: [VenueLinkModel] = []
        for (venue, path) in ordered {
            let schedule = plan.schedule { $0.venue.id == venue.id }
            links.append(VenueLinkModel(name: plan.venueName(venue), href: path.value, count: language.count("events", schedule.listings.count)))
            pages.append(page(path, language.text("venue_heading", ["venue": plan.venueName(venue), "city": plan.cityName]), schedule, filter: "venue",
                              venue: venueView(venue, plan: plan, linkToPage: false)))
        }
        let venuesModel = EventsVenuesModel(
            indexHref: SitePath.page("events").value, heading: language.text("venues_heading", ["city": plan.cityName]), cityName: plan.cityName,
            cityHref: plan.cityPath.value, filters: filters("venues"),
            venues: links.sorted { ($0.name.lowercased(), $0.href) < ($1.name.lowercased(), $1.href) },
            emptyText: links.isEmpty && metro.isAvailable ? language.text("no_venues") : nil,
            unavailable: !metro.isAvailable)
        pages.insert(.html(plan.venuesPath, template: "events/venues", model: venuesModel,
                           meta: PageMeta(title: venuesModel.heading, section: Self.key), inputs: []), at: 3)
        return pages
    }

    /// The city's calendar (none while its listings are unavailable: `CityPlan.calendarPath`)
    /// and one calendar per listed event.
    func calendarFiles(_ plan: CityPlan, context: PageContext) -> [Page] {
        let host = EventCalendar.host(of: context.config.baseURL)
        let stamp = Int(context.clock.now.timeIntervalSince1970)
        let listings = plan.schedule.listings
        var pages: [Page] = []
        if let path = plan.calendarPath {
            let city = EventCalendar(host: host, stamp: stamp, name: plan.language.text("city_heading", ["city": plan.cityName]),
                                     reminderHours: settings.reminderHours, language: plan.language)
            pages.append(Page(path: path,
                              body: .text(city.document(listings.map { ($0.event, context.config.absoluteURL(plan.eventPath($0.event))) })),
                              meta: PageMeta(section: Self.key, inSitemap: false)))
        }
        for listing in listings {
            let event = listing.event
            let single = EventCalendar(host: host, stamp: stamp, name: CityPlan.calendarTitle(event, plan.language), reminderHours: settings.reminderHours, language: plan.language)
            pages.append(Page(path: plan.eventCalendarPath(event),
                              body: .text(single.document([(event, context.config.absoluteURL(plan.eventPath(event)))])),
                              meta: PageMeta(section: Self.key, inSitemap: false)))
        }
        return pages
    }

    private func summary(_ schedule: Schedule, language: SiteLanguage) -> String {
        language.text("city_summary", ["events": language.count("events", schedule.listings.count),
                                       "from": language.date(schedule.today, .long), "to": language.date(schedule.lastDay, .long)])
    }
}
