import SitegenCore

/// The Live Music Archive section: band collections cached from archive.org as artists,
/// concerts (recording selectors), recordings and "on this day" pages.
public struct ArchiveSection: Section {
    public static let key = "archive"

    public let catalog: ArchiveCatalog
    public let settings: ArchiveSettings

    init(catalog: ArchiveCatalog, settings: ArchiveSettings) {
        self.catalog = catalog
        self.settings = settings
    }

    public static func load(_ context: LoadContext) throws(SitegenError) -> ArchiveSection? {
        // A bad setting is listed with the cache's problems, not instead of them: the defaults
        // stand in while the cache is read.
        let problems = ProblemLog()
        let settings = problems.attempt { () throws(SitegenError) in try ArchiveSettings(context.settings(for: key), warnings: context.warnings) }
            ?? ArchiveSettings()
        let loaded = problems.attempt { () throws(SitegenError) in try ArchiveLoader.load(context) }
        try problems.throwIfAny()
        // As for a listener or a metro: a collection site.yml lists (a typo, or not fetched yet)
        // that has no folder is said, not just missing from the artists page.
        // (A name that cannot be a folder is fetch's to refuse, and no folder to look for.)
        for collection in settings.collections where Slug.segment(collection) == collection
            && !context.exists(ArchiveLoader.folder + "/" + collection) {
            context.warnings.add("no cache for archive collection `\(collection)`: expected a folder "
                                 + "\(context.displayPath(ArchiveLoader.folder + "/" + collection))/ with search-1.json and items/, "
                                 + "which `sitegen fetch` fills; until then its recordings are not shown",
                                 at: SourceLocation(file: context.displayPath("site.yml")))
        }
        if let catalog = loaded ?? nil { return ArchiveSection(catalog: catalog, settings: settings) }
        // An archive/ folder (or site.yml's archive settings) without recordings yet still makes
        // the artists page and its link, with an empty state: the section is there, just empty.
        guard context.exists(ArchiveLoader.folder) || context.settings(for: key) != nil else { return nil }
        return ArchiveSection(catalog: ArchiveCatalog(artists: [], concerts: [], byMonthDay: [:], recordingSlugs: [:]), settings: settings)
    }

    /// An empty archive names the folder to fill (listed by `sitegen check`, never on a page).
    public func missingCache() -> [CacheNeed] {
        guard catalog.artists.isEmpty else { return [] }
        return [CacheNeed(file: ArchiveLoader.folder + "/",
                          purpose: "band collections (<Collection>/search*.json and items/), filled by `sitegen fetch`: until then the artists page shows an empty state")]
    }

    public var navigation: NavItem? {
        NavItem(key: Self.key, path: SitePath.page("artists"), order: 20)
    }

    /// /on-this-day/, the archive's other way in, when there is a day to list.
    public var moreNavigation: [NavItem] {
        catalog.byMonthDay.isEmpty ? [] : [NavItem(key: Self.onThisDayKey, path: ArchiveLinks.onThisDayIndex, order: 25)]
    }

    /// The navigation key of the on-this-day pages (their `PageMeta.section`).
    static let onThisDayKey = "on-this-day"
}

/// The kinds of favourite the section's stars carry.
extension FavouriteModel.Kind {
    static let artist = Self("artist")
    static let concert = Self("concert")
    static let recording = Self("recording")
}
