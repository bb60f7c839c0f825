import SitegenCore

// View models of the chart pages: plain values shaped for one template each, text already
// formatted. Stored properties only (the template engine reads them by reflection).

/// An album cover or avatar; nil where there is none (the template shows a placeholder).
public struct ArtView: Sendable, Hashable {
    public let src: String
    public let width: Int
    public let height: Int
    public let alt: String
}

public struct LinkView: Sendable, Hashable {
    public let href: String
    public let label: String
}

/// A week's range, for <time> elements.
public struct RangeView: Sendable, Hashable {
    public let fromText: String
    public let fromISO: String
    public let toText: String
    public let toISO: String
}

public struct MovementView: Sendable, Hashable {
    /// "▲ 3", "NEW", "RE", "=": short text shown.
    public let text: String
    /// "up 3 places", for screen readers and the title.
    public let label: String
    /// "up", "down", "same", "new", "reentry".
    public let kind: String
}

public struct ChartRowView: Sendable {
    /// "1", "=6" for a tie.
    public let standing: String
    public let art: ArtView?
    public let artist: String
    public let album: String
    public let albumHref: String
    public let plays: String
    public let movement: MovementView?
}

public struct ChartTableView: Sendable {
    public let rows: [ChartRowView]
    /// "3 albums with fewer than 2 plays are hidden."; nil when nothing is hidden.
    public let hiddenText: String?
    /// "Movement compared with the week of 8–15 Nov 2020."; nil when no earlier week is cached.
    public let comparedText: String?
    public let totalText: String
}

/// Why a page has no chart to show, in words, with what to do about it.
public struct NoticeView: Sendable {
    public let kind: String
    public let title: String
    public let text: String
    /// A Last.fm API call that fetches the missing data.
    public let command: String?
    /// Where to save its answer, relative to the project.
    public let file: String?
}

public struct TopAlbumView: Sendable {
    public let art: ArtView?
    public let artist: String
    public let album: String
    public let albumHref: String
    public let plays: String
}

public struct YearRowView: Sendable {
    public let label: String
    public let href: String
    public let dateText: String
    public let year: String
    public let range: RangeView?
    public let top: TopAlbumView?
    /// "42 plays", "No plays", "Not cached", …
    public let status: String
}

public struct ListenerCardView: Sendable {
    public let name: String
    public let user: String
    public let href: String
    public let avatar: ArtView?
    public let initial: String
    public let registeredText: String?
    public let registeredISO: String?
    public let playsText: String?
    public let lastYear: TopAlbumView?
    public let lastYearHref: String?
    public let lastYearStatus: String
}

public struct ChartsIndexView: Sendable {
    public let listeners: [ListenerCardView]
}

public struct ListenerPageView: Sendable {
    public let card: ListenerCardView
    public let profileURL: String?
    public let minPlaysText: String
    public let years: [YearRowView]
    public let friends: [LinkView]
    public let otherFriendsText: String?
    public let weeks: [LinkView]
}

public struct YearPageView: Sendable {
    public let listenerName: String
    public let listenerHref: String
    public let heading: String
    public let dateText: String
    public let dateISO: String
    public let range: RangeView?
    public let weekHref: String?
    public let chart: ChartTableView?
    public let notice: NoticeView?
    public let previous: LinkView?
    public let next: LinkView?
}

public struct WeekPageView: Sendable {
    public let listenerName: String
    public let listenerHref: String
    public let range: RangeView
    public let chart: ChartTableView?
    public let notice: NoticeView?
    public let previous: LinkView?
    public let next: LinkView?
}

public struct AlbumWeekRowView: Sendable {
    public let weekHref: String
    public let range: RangeView
    public let plays: String
    public let standing: String
}

public struct AlbumPageView: Sendable {
    public let listenerName: String
    public let listenerHref: String
    public let artist: String
    public let album: String
    public let art: ArtView?
    public let lastfmURL: String?
    public let tags: [String]
    public let summary: String?
    public let totalText: String
    public let rows: [AlbumWeekRowView]
    /// An inline SVG made in code from numbers and escaped text.
    public let chartSVG: String
    public let favourite: FavouriteView
}

public struct HomeItemView: Sendable {
    public let label: String
    public let href: String
    public let range: RangeView?
    public let top: TopAlbumView?
    public let status: String
}

public struct HomeListenerView: Sendable {
    public let name: String
    public let href: String
    public let items: [HomeItemView]
}

public struct ChartsHomeView: Sendable {
    public let listeners: [HomeListenerView]
}
