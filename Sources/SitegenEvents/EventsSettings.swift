import SitegenCore

/// The `events:` mapping of site.yml:
/// ```yaml
/// events:
///   horizon_days: 90        # list events up to this many days after the build date
///   preview_count: 5        # events per city on /events/ and on the home page
///   reminder_hours: 24      # calendars remind this many hours before an event starts (0: never)
///   metros:                 # Songkick metro areas, in the order the site shows them
///     - {id: 24426, name: London, slug: london, lat: 51.5073, lng: -0.1277}
/// ```
/// `slug` defaults to a slug of the name; `lat`/`lng` (the city centre) are optional and give
/// each venue its distance from the centre.
public struct EventsSettings: Sendable {
    public struct Metro: Sendable, Hashable {
        public var id: Int
        /// Empty when site.yml gives none.
        var name: String
        var slug: String?
        var centre: Coordinate?
    }

    var horizonDays = 90
    var previewCount = 5
    /// The lead time of the calendars' VALARM, in hours; 0 leaves the alarm out.
    var reminderHours = 24
    /// The metros site.yml lists, in order; nil when it lists none.
    public var metros: [Metro]?

    static let maxHorizonDays = 3_660
    static let knownKeys: Set<String> = ["horizon_days", "preview_count", "metros", "reminder_hours"]
    static let metroKeys: Set<String> = ["id", "name", "slug", "lat", "lng"]

    /// The defaults: every cached metro, 90 days, five per city, a day's notice.
    public init() {}

    /// Reads the mapping; every bad key is reported, not only the first.
    public init(_ mapping: YAMLMapping?, warnings: WarningLog) throws(SitegenError) {
        var settings = EventsSettings()
        guard let mapping else {
            self = settings
            return
        }
        mapping.warnUnknownKeys(known: Self.knownKeys, context: "events settings", into: warnings)
        let problems = ProblemLog()
        problems.attempt { () throws(SitegenError) in
            // Bounded: the listing walks every day to the horizon, and a date past year 9999 has no form.
            guard let days = try mapping.int("horizon_days", in: 0...Self.maxHorizonDays, unit: "days", note: "ten years at most") else { return }
            settings.horizonDays = days
        }
        problems.attempt { () throws(SitegenError) in
            guard let count = try mapping.int("preview_count", in: 1...Int.max) else { return }
            settings.previewCount = count
        }
        problems.attempt { () throws(SitegenError) in
            guard let hours = try mapping.int("reminder_hours", in: 0...24 * 28, unit: "hours", note: "0: no reminder; four weeks at most") else { return }
            settings.reminderHours = hours
        }
        problems.attempt { () throws(SitegenError) in
            guard let list = try mapping.list("metros") else { return }
            var metros: [Metro] = []
            for item in list {
                problems.attempt { () throws(SitegenError) in
                    if let metro = try Self.metro(item, warnings: warnings) {
                        guard !metros.contains(where: { $0.id == metro.id }) else {
                            throw SitegenError("metro \(metro.id) is listed twice", at: item.location)
                        }
                        metros.append(metro)
                    }
                }
            }
            settings.metros = metros
        }
        try problems.throwIfAny()
        self = settings
    }

    /// One entry of `metros`.
    private static func metro(_ item: YAMLValue, warnings: WarningLog) throws(SitegenError) -> Metro? {
        let metro = try item.mapping("metros")
        metro.warnUnknownKeys(known: metroKeys, context: "an events metro", into: warnings)
        guard let id = try metro.int("id"), id > 0 else {
            throw SitegenError("expected a Songkick metro area id (a whole number) for `id`", at: metro["id"]?.location ?? item.location)
        }
        let name = try metro.string("name")?.trimmingCharacters(in: .whitespaces) ?? ""
        let latitude = try number(metro, "lat", range: -90...90)
        let longitude = try number(metro, "lng", range: -180...180)
        // Without a name the calendar's own is taken, else the strings file's `metro_unnamed`.
        return Metro(id: id, name: name, slug: try metro.string("slug"),
                     centre: Coordinate(latitude: latitude, longitude: longitude))
    }

    private static func number(_ mapping: YAMLMapping, _ key: String, range: ClosedRange<Double>) throws(SitegenError) -> Double? {
        guard let value = mapping[key] else { return nil }
        let text = try value.string(key)
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)), range.contains(number) else {
            throw SitegenError("expected a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)) for `\(key)`, found '\(text)'",
                               at: value.location)
        }
        return number
    }
}
