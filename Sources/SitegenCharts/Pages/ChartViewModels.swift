import SitegenCore

// View models of the chart pages: plain values shaped for one template each, text already
// formatted. Stored properties only (the template engine reads them by reflection).

/// An album cover or avatar; nil where there is none (the template shows a placeholder).
public struct ArtModel: Sendable, Hashable {
    /// Last.fm's URL, or a path from the site root when `local` (the copy `sitegen fetch` made).
    public let src: String
    public let local: Bool
    public let width: Int
    public let height: Int
    public let alt: String
    /// Near the top of its page: loaded at once rather than `loading="lazy"`.
    public var eager = false
}

/// A week's range, for <time> elements.
public struct RangeModel: Sendable, Hashable {
    public let fromText: String
    public let fromISO: String
    public let toText: String
    public let toISO: String
}

public struct MovementModel: Sendable, Hashable {
    /// "▲ 3", "NEW", "RE", "=": short text shown.
    public let text: String
    /// "up 3 places", for screen readers and the title.
    public let label: String
    /// "up", "down", "same", "new", "reentry".
    public let kind: String
}

public struct ChartRowModel: Sendable {
    /// "1", "=6" for a tie.
    public let standing: String
    public let art: ArtModel?
    public let artist: String
    public let album: String
    public let albumHref: String
    /// The album's key (`AlbumKey.slug`): the row's favourite star names the album as its page's
    /// star does, the same album for every listener.
    public let albumId: String
    /// nil when unknown: the template says so.
    public let plays: String?
    public let movement: MovementModel?
}

public struct ChartTableModel: Sendable {
    public let rows: [ChartRowModel]
    /// The albums under the listener's minimum plays, shown when the visitor asks (`<details>`).
    public let hiddenRows: [ChartRowModel]
    /// "Show 3 albums with fewer than 2 plays"; nil when nothing is under the minimum.
    public let hiddenText: String?
    /// "Movement compared with the week of 8–15 Nov 2020."; nil when no earlier week is cached.
    public let comparedText: String?
    public let totalText: String
    /// An album's plays are unknown, so the week's total is too: the template says so.
    public let playsUnknown: Bool
}

/// Why a page has no chart to show. The words are the template's (partials/charts/notice):
/// exactly one of the flags is set, with the values its sentence needs. Nothing here is for the
/// operator: what to fetch is a build warning (`ChartsSection.warnUnavailableWeeks`).
public struct NoticeModel: Sendable {
    /// The CSS modifier: "empty", "unavailable" or "outside".
    public let kind: String
    public let listenerName: String
    /// The listener registered after the week ended: the day they joined.
    public var joinedText: String?
    public var joinedISO: String?
    /// Last.fm recorded no plays in the week.
    public var noPlays = false
    /// The week's chart could not be loaded (not cached, or cached as an error body).
    public var unavailable = false
    /// The date is before the listener's first chart week: that week's range.
    public var firstWeekText: String?
    /// The date is after the last listed week: that week's range.
    public var lastWeekText: String?
    /// No listed week holds the date.
    public var unlisted = false
    /// The nearest cached weeks with a chart on either side, for a week that could not be loaded.
    public var olderWeek: LinkModel?
    public var newerWeek: LinkModel?

    public init(kind: String, listenerName: String) {
        self.kind = kind
        self.listenerName = listenerName
    }
}

public struct TopAlbumModel: Sendable {
    public let art: ArtModel?
    public let artist: String
    public let album: String
    public let albumHref: String
    /// nil when unknown: the template says so.
    public let plays: String?
}

public struct YearRowModel: Sendable {
    public let label: String
    public let href: String
    public let dateText: String
    public let year: String
    public let range: RangeModel?
    public let top: TopAlbumModel?
    /// "42 plays", "No plays", "Chart not available", …
    public let status: String
}

public struct ListenerCardModel: Sendable {
    public let name: String
    public let user: String
    public let href: String
    public let avatar: ArtModel?
    public let initial: String
    public let registeredText: String?
    public let registeredISO: String?
    public let playsText: String?
    public let lastYear: TopAlbumModel?
    public let lastYearHref: String?
    public let lastYearStatus: String
    /// The listener's charts are not in the cache yet (`Listener.hasCache`): the template says
    /// they are not available yet, in place of the year's status.
    public let unavailable: Bool
}

public struct ChartsIndexModel: Sendable {
    public let listeners: [ListenerCardModel]
}

public struct ListenerPageModel: Sendable {
    public let card: ListenerCardModel
    public let profileURL: String?
    public let minPlaysText: String
    public let years: [YearRowModel]
    public let friends: [LinkModel]
    public let otherFriendsText: String?
    public let weeks: [LinkModel]
    /// As on the card: the charts are not available yet, so there are no years to list.
    public let unavailable: Bool
}

public struct ChartsYearPageModel: Sendable {
    public let listenerName: String
    public let listenerHref: String
    public let heading: String
    public let dateText: String
    public let dateISO: String
    public let range: RangeModel?
    public let weekHref: String?
    public let chart: ChartTableModel?
    public let notice: NoticeModel?
    public let previous: LinkModel?
    public let next: LinkModel?
}

public struct WeekPageModel: Sendable {
    public let listenerName: String
    public let listenerHref: String
    public let range: RangeModel
    public var chart: ChartTableModel?
    public let notice: NoticeModel?
    public let previous: LinkModel?
    public let next: LinkModel?
}

public struct AlbumWeekRowModel: Sendable {
    public let weekHref: String
    public let range: RangeModel
    /// nil when unknown: the template says so.
    public let plays: String?
    public let standing: String
}

public struct AlbumPageModel: Sendable {
    public let listenerName: String
    public let listenerHref: String
    public let artist: String
    public let album: String
    public let art: ArtModel?
    public let lastfmURL: String?
    public let tags: [String]
    public let summary: String?
    public let totalText: String
    public let rows: [AlbumWeekRowModel]
    /// The SVG bar chart of the plays.
    public let chart: PlaysChartModel
    /// The chart's words, as HTML beside it: the most plays in a week, the first and last week.
    public let chartMax: String
    public let chartFirst: String?
    public let chartLast: String?
    /// schema.org MusicAlbum, script-safe JSON (`JSONLD`), placed in the page's head.
    public let structuredData: String
    public let favourite: FavouriteModel
}

public struct HomeItemModel: Sendable {
    public let label: String
    public let href: String
    public let range: RangeModel?
    public let top: TopAlbumModel?
    public let status: String
}

public struct HomeListenerModel: Sendable {
    public let name: String
    public let href: String
    public let items: [HomeItemModel]
}

public struct ChartsHomeModel: Sendable {
    public let listeners: [HomeListenerModel]
}
