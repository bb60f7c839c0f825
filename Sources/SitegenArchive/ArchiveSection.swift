import SitegenCore

/// The Live Music Archive section: band collections cached from archive.org as artists,
/// concerts (recording selectors), recordings and "on this day" pages.
public struct ArchiveSection: Section {
    public static let key = "archive"

    public let catalog: ArchiveCatalog
    public let settings: ArchiveSettings
    /// Where the catalog was read from, to read track lists again (`tracks(of:)`).
    let content: LoadContext

    init(catalog: ArchiveCatalog, settings: ArchiveSettings, content: LoadContext) {
        self.catalog = catalog
        self.settings = settings
        self.content = content
    }

    public static func load(_ context: LoadContext) throws(SitegenError) -> ArchiveSection? {
        let settings = try ArchiveSettings(context.settings(for: key), warnings: context.warnings)
        guard let catalog = try ArchiveLoader.load(context) else { return nil }
        return ArchiveSection(catalog: catalog, settings: settings, content: context)
    }

    /// A recording's tracks, read again from its item file (see `Recording.trackListFile`).
    public func tracks(of recording: Recording) throws(SitegenError) -> [Track] {
        guard let file = recording.trackListFile else { return [] }
        return try TrackListReader.tracks(inItemFile: file, context: content)
    }

    public var navigation: NavItem? {
        NavItem(key: Self.key, title: "Artists", path: SitePath.page("artists"), order: 20)
    }
}
