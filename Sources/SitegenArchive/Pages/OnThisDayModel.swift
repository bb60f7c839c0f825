import SitegenCore

/// Concerts on one calendar day across artists, grouped by year, newest year first.
public struct OnThisDayModel: Sendable {
    public var day: String
    public var summary: String
    public var typeFilter: TypeFilterModel?
    public var years: [OnThisDayYearModel]
    public var previous: LinkModel?
    public var next: LinkModel?
}

public struct OnThisDayYearModel: Sendable {
    public var year: String
    /// "49 years ago", from the build date.
    public var ago: String?
    public var entries: [OnThisDayEntryModel]
}

/// One concert of the day: its artist and its shared concert cell.
public struct OnThisDayEntryModel: Sendable {
    public var artist: String
    public var artistHref: String
    public var cell: ConcertCellModel
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

extension ArchiveFormat {
    /// "49 years ago", "this year", "1 year ago"; nil for a year after the build date.
    static func yearsAgo(_ year: Int, today: LocalDate, _ language: SiteLanguage) -> String? {
        let years = today.year - year
        if years < 0 { return nil }
        return years == 0 ? language.text("this_year") : language.count("years_ago", years)
    }
}
