import SitegenCore

/// What the site search finds among upcoming concerts: events (named as their page's heading:
/// the headliners, or a festival's name, not Songkick's English "A at B (December 7, 2026)";
/// that title, support, venue, city and date find them too), soonest first, and venues with a page.
extension EventsSection {
    public static var searchKinds: [String] { ["event", "venue"] }

    public func searchRecords(_ context: PageContext) -> [SearchRecord] {
        let settings = context.config.search
        var events: [SearchRecord] = []
        var venues: [SearchRecord] = []
        for metro in metros {
            let plan = CityPlan(metro: metro, settings: self.settings, clock: context.clock, language: context.config.localization)
            var seenVenues: Set<Int> = []
            for listing in plan.schedule.listings {
                let event = listing.event
                let date = event.start.date
                if settings.indexes("event") {
                    let detail = [context.config.localization.date(date, .weekdayShortLong), plan.venueName(event.venue), event.city ?? plan.cityName].joined(separator: " · ")
                    events.append(SearchRecord(kind: "event", name: plan.headline(event), detail: detail, path: plan.eventPath(event),
                                               words: (event.headliners + event.support).map(\.name) + [event.title ?? "", event.venue.name ?? "", event.city ?? "", plan.cityName],
                                               date: SearchDate(year: date.year, month: date.month, day: date.day)))
                }
                if settings.indexes("venue"), let id = event.venue.id, let path = plan.venuePath(event.venue), seenVenues.insert(id).inserted {
                    venues.append(SearchRecord(kind: "venue", name: plan.venueName(event.venue), detail: event.city ?? plan.cityName, path: path,
                                               words: [plan.cityName]))
                }
            }
        }
        return venues + events
    }
}
