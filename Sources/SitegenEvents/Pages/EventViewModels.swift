import SitegenCore

// View models of the events templates: plain stored values, one struct per template or partial.
// Hrefs are site-relative paths (templates prefix `{{root}}`); external URLs are absolute.

/// partials/events/event-row: one event in a day list or a preview.
struct EventRowModel: Sendable {
    var href: String
    /// "20:00"; nil when the time is unknown.
    var time: String?
    var timeTBA: Bool
    /// For <time datetime>: "2026-11-22T20:00" or "2026-11-22".
    var datetime: String
    /// The day it is listed on: "2026-11-22".
    var date: String
    /// In previews (index, home): "Sun 22 Nov".
    var dateLabel: String?
    /// Headliner(s), or the event's name when there is no lineup.
    var headline: String
    /// "with A, B and C"
    var supportText: String?
    var venueName: String
    var venueHref: String?
    var cityText: String?
    var typeLabel: String
    var isFestival: Bool
    /// Multi-day events: "12–14 December 2026".
    var dateRange: String?
    /// A multi-day event that began before today and is listed on today.
    var onNow: Bool
    var status: StatusModel?
    var favourite: FavouriteModel
    /// The venue's coordinates (else the event's), for "near me": "51.50730"; nil when unknown.
    var lat: String?
    var lng: String?
}

/// Postponed or cancelled; nil for a normal event.
struct StatusModel: Sendable {
    var label: String
    /// CSS modifier: "postponed", "cancelled".
    var kind: String
}

/// A multi-day event named again on a later day it runs on.
struct ContinuingRowModel: Sendable {
    var href: String
    var headline: String
    var untilText: String
    var status: StatusModel?
}

struct DayModel: Sendable {
    /// The anchor: "d-2026-11-22".
    var anchor: String
    var heading: String
    var datetime: String
    var badge: String?
    var events: [EventRowModel]
    var continuing: [ContinuingRowModel]
}

struct FilterLinkModel: Sendable {
    var label: String
    var href: String
    /// How many events the link shows; nil on a venue page, whose own count is what it shows
    /// (the city-wide numbers would sit above its few events as if they were its own).
    var count: String?
    var current: Bool
}

/// events/city: a city's days ahead, also filtered by type or by venue.
struct EventsCityModel: Sendable {
    var indexHref: String
    var heading: String
    var summary: String
    var cityName: String
    /// The city page, for the breadcrumb of its filters and venues; nil on the city page itself.
    var cityHref: String?
    var filters: [FilterLinkModel]
    var venueInfo: VenueModel?
    /// The city's calendar; nil while its listings are unavailable (none is published).
    var calendarHref: String?
    var days: [DayModel]
    var emptyText: String?
    /// No calendar of the city could be read: the template says its listings are not available
    /// (and shows no counts), never that nothing is on.
    var unavailable = false
}

/// events/venues: the venues of a city with upcoming events.
struct EventsVenuesModel: Sendable {
    var indexHref: String
    var heading: String
    var cityName: String
    var cityHref: String
    var filters: [FilterLinkModel]
    var venues: [VenueLinkModel]
    var emptyText: String?
    /// No calendar of the city could be read: the template says its listings are not available
    /// (and shows no counts), never that nothing is on.
    var unavailable = false
}

struct VenueLinkModel: Sendable {
    var name: String
    var href: String
    var count: String
}

/// events/index: the cities, each with its next few events.
struct EventsIndexModel: Sendable {
    var heading: String
    var intro: String
    var cities: [CityTeaserModel]
}

struct CityTeaserModel: Sendable {
    var name: String
    var href: String
    var countText: String
    /// The city's calendar; nil while its listings are unavailable (none is published).
    var calendarHref: String?
    var concerts: [EventRowModel]
    var emptyText: String?
    /// The city centre from site.yml, for "near me"; nil when site.yml gives none. Not `lat`:
    /// a row without coordinates must not find its city's.
    var centreLat: String?
    var centreLng: String?
    /// No calendar of the city could be read: the template says its listings are not available
    /// (and shows no counts), never that nothing is on.
    var unavailable = false
}

/// partials/events/home: the next concerts of the first city.
struct EventsHomeModel: Sendable {
    var heading: String
    var cityName: String
    var cityHref: String
    var allHref: String
    var concerts: [EventRowModel]
    var emptyText: String?
    /// No calendar of the city could be read: the template says its listings are not available
    /// (and shows no counts), never that nothing is on.
    var unavailable = false
}

/// events/event: one event.
struct EventsEventModel: Sendable {
    /// For a cancelled or postponed event, what its calendar file now says ("marks it as
    /// cancelled"): the file is offered only to update a calendar it was already added to (a
    /// postponed event's date is no longer true); nil for an event that takes place.
    var calendarUpdate: String?
    /// schema.org MusicEvent as script-safe JSON (`JSONLD`), placed in the page's head.
    var structuredData = ""
    var heading: String
    var status: StatusModel?
    var statusNote: String?
    var typeLabel: String
    var seriesName: String?
    var whenText: String
    var datetime: String
    var time: String?
    var timeTBA: Bool
    var headlinersHeading: String
    var headliners: [ArtistModel]
    var support: [ArtistModel]
    var noLineup: Bool
    var venue: VenueModel
    var ageRestriction: String?
    var videoSearch: String?
    var videoSearchLabel: String?
    var shareMailto: String
    var shareURL: String
    var songkickURL: String?
    var calendarHref: String
    var indexHref: String
    var cityName: String
    var cityHref: String
    var dayHref: String
    var favourite: FavouriteModel
}

// Field names below are unique across nesting levels: a nil value must not make Mustache find a
// field of the same name in an enclosing context (the event's Songkick link for a venue's).
struct ArtistModel: Sendable {
    var name: String
    var artistSongkickURL: String?
    var picture: PictureModel?
    var bio: String?
    var lastfmURL: String?
}

struct PictureModel: Sendable {
    /// Last.fm's URL, or a path from the site root when `localPicture` (the copy `sitegen fetch` made).
    var src: String
    var localPicture: Bool
    var width: String
    var height: String
    var alt: String
}

struct VenueModel: Sendable {
    var name: String
    var pageHref: String?
    var addressLines: [String]
    var phone: String?
    /// "tel:+442074828000": the phone as a link a phone can call; nil when it has too few digits.
    var phoneHref: String?
    var website: String?
    var capacity: String?
    var mapURL: String?
    var venueSongkickURL: String?
    var distanceText: String?
    var unknown: Bool
}
