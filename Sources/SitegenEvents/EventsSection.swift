import SitegenCore

/// Upcoming concerts by city from cached Songkick metro-area calendars: day-grouped city pages
/// with filters by type and venue, one page and one .ics per event, a calendar per city.
public struct EventsSection: Section {
    public static let key = "events"
    /// The Songkick caches, and the shared Last.fm artist caches that give headliners a picture
    /// and a bio. The copies of their pictures that `sitegen fetch` made, too. And the artist
    /// caches' old folder, as long as it is recognised: what is in it decides a warning.
    public static var inputFolders: [String] {
        [key, LastFMArtistFiles.folder, LocalImages.contentFolder(LastFMArtistFiles.imageKind), LastFMArtistFiles.oldFolder]
    }

    let settings: EventsSettings
    let metros: [Metro]
    /// Last.fm artist details by cache file ("lastfm/artists/<slug>.json").
    let artists: [String: ArtistInfo]
    /// Those copies, by artist.getInfo file stem.
    var pictures = LocalImages(kind: LastFMArtistFiles.imageKind, names: [])
    /// Details files of shown events that the cache lacks (`missingCache`).
    var missingDetails: [CacheNeed] = []

    public static func load(_ context: LoadContext) throws(SitegenError) -> EventsSection? {
        // A bad setting is listed with the calendars' problems, not instead of them: the
        // defaults stand in (every cached metro) while they are read.
        let problems = ProblemLog()
        let settings = problems.attempt { () throws(SitegenError) in try EventsSettings(context.settings(for: key), warnings: context.warnings) }
        let section = problems.attempt { () throws(SitegenError) in try load(context, settings: settings ?? EventsSettings()) }
        try problems.throwIfAny()
        return section ?? nil
    }

    public func missingCache() -> [CacheNeed] {
        guard !metros.isEmpty else {
            return [CacheNeed(file: Self.key + "/",
                              purpose: "Songkick metro area calendars (<metroId>/), filled by `sitegen fetch`: until then the concerts page shows an empty state")]
        }
        return missingDetails
    }

    public var navigation: NavItem? {
        NavItem(key: Self.key, path: .page("events"), order: 40)
    }

    public func pages(_ context: PageContext) -> [Page] {
        let plans = metros.map { CityPlan(metro: $0, settings: settings, clock: context.clock, language: context.config.localization) }
        var pages = [indexPage(plans, today: context.clock.today, language: context.config.localization)]
        for plan in plans {
            pages += cityPages(plan)
            pages += plan.schedule.listings.map { eventPage($0.event, plan: plan, context: context) }
            pages += calendarFiles(plan, context: context)
        }
        return pages
    }

    public func homeBlock(_ context: PageContext) -> HomeBlock? {
        guard let metro = metros.first else { return nil }
        let plan = CityPlan(metro: metro, settings: settings, clock: context.clock, language: context.config.localization)
        let model = EventsHomeModel(
            heading: plan.language.text("next_concerts", ["city": plan.cityName]), cityName: plan.cityName, cityHref: plan.cityPath.value,
            allHref: SitePath.page("events").value, concerts: plan.preview(),
            emptyText: plan.schedule.isEmpty && metro.isAvailable ? plan.language.text("no_concerts_soon") : nil,
            unavailable: !metro.isAvailable)
        return HomeBlock(model: model)
    }
}

/// The kinds of favourite the section's stars carry.
extension FavouriteModel.Kind {
    static let event = Self("event")
}
