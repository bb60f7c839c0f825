/// What a favourite star carries (partials/favourite): enough for /favourites/ to show the
/// thing again as a card, read from the visitor's browser storage, with no data file to fetch.
/// Field names are prefixed: a nil value must not let Mustache find a field of the same name
/// in the page around the star.
public struct FavouriteModel: Sendable {
    /// What a favourite is, in the visitor's storage and on /favourites/ ("concert", "album"):
    /// each section names its own kinds (`FavouriteModel.Kind.album` in the charts section).
    public struct Kind: Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public var favKind: String
    /// Unique within its kind and stable between builds (an identifier, not a position).
    public var favId: String
    public var favTitle: String
    /// Site-relative ("artists/grateful-dead/1977-05-08/"); /favourites/ links it from its own root.
    public var favHref: String
    /// A second line: venue, artist, city.
    public var favDetail: String?
    /// Events: the day it is listed on ("2026-11-22"), so /favourites/ shows upcoming ones first.
    public var favDate: String?
    /// Site-relative: a page that lists the thing as a card with a star of its own (a concert's
    /// artist or year page, an event's city page). Starring the thing on its own page fetches
    /// that card once, so /favourites/ shows it as the site does elsewhere.
    public var favFrom: String?

    public init(kind: Kind, id: String, title: String, href: String, detail: String? = nil, date: String? = nil, from: String? = nil) {
        favKind = kind.rawValue
        favId = id
        favTitle = title
        favHref = href
        favDetail = detail
        favDate = date
        favFrom = from
    }
}
