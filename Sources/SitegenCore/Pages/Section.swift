import Foundation

/// A part of the site made from one kind of data: news posts, the Live Music Archive, Last.fm
/// charts, Songkick events. A section reads its own cache (leniently, reporting precisely), keeps
/// a domain model, and turns it into pages of view models. Sections never see each other.
public protocol Section: Sendable {
    /// The key of the section's settings in site.yml and of its block on the home page.
    static var key: String { get }
    /// Reads the section's data under Content/; nil when there is none (the section is left out).
    static func load(_ context: LoadContext) throws(SitegenError) -> Self?
    /// The section's entry in the site navigation.
    var navigation: NavItem? { get }
    /// Further entries for pages of the section a visitor looks for on their own (the archive's
    /// /on-this-day/). None by default. A page is marked current in the navigation by the key
    /// of its `PageMeta.section`.
    var moreNavigation: [NavItem] { get }
    /// Every page of the section, in a fixed order.
    func pages(_ context: PageContext) -> [Page]
    /// The section's block on the home page: its model is rendered with the partial
    /// `partials/<key>/home`, and home.mustache places the result with `{{#<key>}}{{{html}}}{{/<key>}}`.
    func homeBlock(_ context: PageContext) -> HomeBlock?
    /// The section's block on /discover/, made the way the home block is: rendered with the
    /// partial `partials/<key>/discover`, placed by discover.mustache with `{{#<key>}}{{{html}}}{{/<key>}}`.
    func discoverBlock(_ context: PageContext) -> HomeBlock?
    /// The folders of Content/ the section reads. When nothing in them, in site.yml, in the
    /// templates the section used or in the build date changed, the incremental build does not
    /// even load the section and keeps its pages as they are.
    static var inputFolders: [String] { get }
    /// A line for an owner who put content where no section reads it ("posts go in
    /// news/"), said with the warning about it. None by default.
    static var contentHint: String? { get }
    /// Cached files the section's pages would show something from but the cache lacks (an
    /// album's album.getInfo, an event's details): `sitegen check` lists them. None by default.
    func missingCache() -> [CacheNeed]

    /// The kinds of `SearchRecord` the section makes ("artist", "post"): what site.yml's
    /// `search: kinds` may list. None by default.
    static var searchKinds: [String] { get }
    /// What the site search finds in the section, each kind in the order results of equal
    /// score are shown (see `SearchRecord`). The index is written with the section's pages.
    func searchRecords(_ context: PageContext) -> [SearchRecord]
}

extension Section {
    public static var inputFolders: [String] { [key] }
    public static var searchKinds: [String] { [] }
    public static var contentHint: String? { nil }
    public func searchRecords(_ context: PageContext) -> [SearchRecord] { [] }
    public func missingCache() -> [CacheNeed] { [] }
    public var moreNavigation: [NavItem] { [] }
    /// Most sections have nothing for a visitor who does not know what to look for.
    public func discoverBlock(_ context: PageContext) -> HomeBlock? { nil }
}

/// A cached file that pages would use and the cache lacks.
public struct CacheNeed: Sendable, Hashable, Comparable {
    /// The file, relative to Content/ ("charts/albums/<mbid>.json").
    public let file: String
    /// What it would give, and to which pages.
    public let purpose: String

    public init(file: String, purpose: String) {
        self.file = file
        self.purpose = purpose
    }

    public static func < (lhs: CacheNeed, rhs: CacheNeed) -> Bool { (lhs.file, lhs.purpose) < (rhs.file, rhs.purpose) }
}

/// A section's contribution to the home page (or the discover page): its partial's model. The
/// block is rendered at once and the page holds its HTML, so the page's fingerprint covers all
/// of it; the cached partials the model names are found in it (`ModelFingerprint`), not listed.
public struct HomeBlock: Sendable {
    public var model: any Sendable

    public init(model: any Sendable) {
        self.model = model
    }
}

/// An entry of the site navigation. Its words are the strings files' `nav_<key>` (`Renderer`),
/// as every word a visitor reads is the templates'.
public struct NavItem: Sendable, Hashable {
    public var key: String
    public var path: SitePath
    /// Position in the navigation, lowest first.
    public var order: Int

    public init(key: String, path: SitePath, order: Int) {
        self.key = key
        self.path = path
        self.order = order
    }
}

/// What a section gets when it makes its pages.
public struct PageContext: Sendable {
    public let config: SiteConfig
    public let clock: BuildClock
    /// How many threads a section may list its pages on (`--jobs`).
    public let jobs: Int

    public init(config: SiteConfig, clock: BuildClock, jobs: Int = 1) {
        self.config = config
        self.clock = clock
        self.jobs = jobs
    }
}
