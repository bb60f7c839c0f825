import SitegenCore

/// Concerts on one calendar day across years and artists, oldest first.
public struct OnThisDayModel: Sendable {
    public var day: String
    public var summary: String
    public var cells: [ConcertCellModel]
    public var previous: LinkModel?
    public var next: LinkModel?
}

/// The home page block: the build date's concerts.
public struct ArchiveHomeModel: Sendable {
    public var day: String
    public var href: String?
    public var entries: [HomeEntryModel]
    public var more: String?
    public var artistsHref: String
}

public struct HomeEntryModel: Sendable {
    public var year: String
    public var artist: String
    public var venue: String
    public var city: String?
    public var href: String
}
