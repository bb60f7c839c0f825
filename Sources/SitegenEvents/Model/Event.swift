import SitegenCore

/// One Songkick event as the site understands it: the quirks of the API (three eras of shapes,
/// nulls, leaked status text) are resolved by the decoder, so nothing here is optional by accident.
public struct Event: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        case ok, postponed, cancelled
    }

    public var id: Int
    /// The name part of the display name (`SongkickDecoder.name`), without the "(POSTPONED) "
    /// Songkick leaks into it, else the first headliner; nil when Songkick names neither
    /// (pages say so in the site's language).
    public var title: String?
    /// "Concert" or "Festival" (other values are kept as sent).
    public var type: String
    public var status: Status
    public var start: EventStart
    /// The last day of a multi-day event; nil for ordinary concerts.
    public var endDate: LocalDate?
    public var seriesName: String?
    /// The event on songkick.com, as given (an http(s) URL, or nil).
    public var uri: String?
    /// The comma-joined city ("London, UK").
    public var city: String?
    public var headliners: [Performer]
    public var support: [Performer]
    public var venue: Venue
    /// The event's own coordinates (`location.lat/lng`), used when the venue has none.
    public var location: Coordinate?
    public var ageRestriction: String?

    public var isFestival: Bool { Self.isFestival(type: type) }

    /// Songkick's `type` of a festival ("Festival"; the other is "Concert").
    public static func isFestival(type: String) -> Bool { type.lowercased() == "festival" }

    /// The last day the event runs on: its end date, or its start date.
    public var lastDate: LocalDate { max(endDate ?? start.date, start.date) }

    public var isMultiDay: Bool { lastDate > start.date }

    /// The name lists sort and link by: the first headliner, or the title when there is no lineup.
    public var leadName: String { headliners.first?.name ?? title ?? "" }
}

/// When an event starts, as local wall-clock values of the event's place.
public struct EventStart: Sendable, Hashable {
    /// The local date (`start.date`): the day the event is listed on.
    public var date: LocalDate
    /// The local time ("20:00:00" → 20 h 0 min); nil when unknown ("time TBA").
    public var time: LocalTime?
    /// The UTC offset of `datetime` in seconds; nil when Songkick gave no datetime.
    public var utcOffset: Int?
}

/// A wall-clock time without a date or zone.
public struct LocalTime: Sendable, Hashable, Comparable {
    public var hour: Int
    public var minute: Int
    public var second: Int

    /// Parses "HH:mm" or "HH:mm:ss".
    public init?(_ text: String) {
        let parts = text.split(separator: ":").map { Int($0) }
        guard parts.count == 2 || parts.count == 3, let hour = parts[0], let minute = parts[1],
              (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        let second = parts.count == 3 ? parts[2] : 0
        guard let second, (0...60).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public var secondsOfDay: Int { hour * 3600 + minute * 60 + second }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool { lhs.secondsOfDay < rhs.secondsOfDay }
}

public struct Performer: Sendable, Hashable {
    public var name: String
    /// The artist on songkick.com, as given; nil in the 2010 shape.
    public var uri: String?
}

public struct Venue: Sendable, Hashable {
    /// nil for Songkick's "Unknown venue".
    public var id: Int?
    /// nil when Songkick sends none: pages say so in the site's language.
    public var name: String?
    public var uri: String?
    public var coordinate: Coordinate?
    /// From the event details, when cached.
    public var street: String?
    public var zip: String?
    public var phone: String?
    public var website: String?
    public var capacity: Int?
}

public struct Coordinate: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    /// nil unless both are numbers in range (Songkick sends null for either, separately).
    public init?(latitude: Double?, longitude: Double?) {
        guard let latitude, let longitude, (-90...90).contains(latitude), (-180...180).contains(longitude),
              !(latitude == 0 && longitude == 0) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }
}
