import SitegenCore

/// Every artist A–Z, grouped by initial.
public struct ArtistsIndexModel: Sendable {
    public var summary: String
    public var letters: [LetterGroupModel]
}

public struct LetterGroupModel: Sendable {
    public var letter: String
    public var anchor: String
    public var artists: [ArtistRowModel]
}

public struct ArtistRowModel: Sendable {
    public var name: String
    public var href: String
    /// The archive collection: the row's favourite star names the artist as its page's star does.
    public var collection: String
    public var concerts: String
    public var recordings: String
    public var years: String?
}

/// An artist's concerts by year: the cells themselves, or (for a large artist) links to one
/// page per year.
public struct ArtistPageModel: Sendable {
    public var artistsHref = ArchiveLinks.artists.value
    public var name: String
    public var summary: String
    public var years: [YearGroupModel]
    /// Of the cells in `years`: none when they are on year pages.
    public var typeFilter: TypeFilterModel?
    /// Set when the years live on pages of their own.
    public var yearLinks: [YearLinkModel]
    /// The artist's best recommended recording that can be streamed (`PlayLinks`).
    public var play: LinkModel?
    public var favourite: FavouriteModel
}

public struct YearGroupModel: Sendable {
    public var year: String
    public var anchor: String
    public var count: String
    public var cells: [ConcertCellModel]
}

public struct YearLinkModel: Sendable {
    public var year: String
    public var href: String
    public var count: String
}

/// One year of a large artist.
public struct YearPageModel: Sendable {
    public var artistsHref = ArchiveLinks.artists.value
    public var artist: String
    public var artistHref: String
    public var year: String
    public var count: String
    public var typeFilter: TypeFilterModel?
    public var cells: [ConcertCellModel]
    public var previous: LinkModel?
    public var next: LinkModel?
}

extension ArtistRowModel {
    init(_ artist: Artist, links: ArchiveLinks) {
        name = artist.name
        href = links.artist(artist).value
        collection = artist.collection
        concerts = links.language.count("concerts", artist.concerts.count)
        recordings = links.language.count("recordings", artist.recordingCount)
        years = ArchiveFormat.yearSpan(artist.firstYear, artist.lastYear)
    }
}

extension ArchiveFormat {
    /// "1965–1995", "1977", or nil when no year is known.
    static func yearSpan(_ first: Int?, _ last: Int?) -> String? {
        guard let first, let last else { return nil }
        return first == last ? String(first) : "\(first)–\(last)"
    }

    static func yearLabel(_ year: Int?, _ language: SiteLanguage) -> String { year.map(String.init) ?? language.text("year_unknown") }
}
