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
        let settings = try ArchiveSettings(context.settings(for: key), warnings: context.warnings)
        guard let catalog = try ArchiveLoader.load(context) else { return nil }
        return ArchiveSection(catalog: catalog, settings: settings)
    }

    public var navigation: NavItem? {
        NavItem(key: Self.key, title: "Artists", path: SitePath.page("artists"), order: 20)
    }
}
