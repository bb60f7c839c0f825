import SitegenCore

/// A Songkick metro area with every event of its cached calendar, each event once.
struct Metro: Sendable {
    var id: Int
    /// From site.yml, else from the calendar's data; nil when neither names the metro (pages
    /// then word it in the site's language: `CityPlan.cityName`).
    var name: String?
    /// The URL segment under /events/ ("london"), unique among the metros.
    var slug: String
    /// The city centre from site.yml, for distances.
    var centre: Coordinate?
    /// Every event, sorted by id (the schedule decides what is shown and in which order).
    var events: [Event]
    /// False when no calendar of the metro could be read (`MetroLoader.Result.isAvailable`).
    var isAvailable = true
}

/// What a Last.fm artist.getInfo cache adds to a headliner.
struct ArtistInfo: Sendable, Hashable {
    struct Picture: Sendable, Hashable {
        var url: String
        var size: Int
    }

    var picture: Picture?
    /// `bio.summary` as plain text, without the "Read more on Last.fm" link.
    var bio: String?
    var url: String?
    /// The cache file, relative to Content/.
    var file: String
}
