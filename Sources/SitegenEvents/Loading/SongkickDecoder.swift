import SitegenCore

/// Reads Songkick 3.0 responses (metro-area calendars and event details) of every era:
/// 2010 (no status, no billing, artists without ids), 2013 and 2021 (festivals with `end` and
/// `series`, postponed status). Anything unusable in one event skips that event with a warning;
/// only a file whose overall shape is not a Songkick response stops the build.
public enum SongkickDecoder {
    /// The events of a response; nil, with a warning naming the file and the place, when it has
    /// none that could be read: a Songkick error envelope, a `results` that is missing or not an
    /// object, an `event` that is neither a list nor an object. Only `results: {}` (what
    /// Songkick sends when nothing is listed, formats.md) or `event: []` is an honest empty page:
    /// a broken one must never read as "nothing on".
    public static func events(in root: JSONCursor, warnings: WarningLog) throws(SitegenError) -> [JSONCursor]? {
        let page = try root.requireObject("a Songkick response (an object with `resultsPage`)")["resultsPage"]
        _ = try page.requireObject("a Songkick `resultsPage` object")
        if let message = errorMessage(in: root) {
            warnings.add("Songkick error response: \(message); the file is ignored", at: SourceLocation(file: root.file))
            return nil
        }
        let results = page["results"]
        guard results.isObject else {
            warnings.add("expected `results` (an object, {} when nothing is listed), found \(results.describeValue); the file is ignored",
                         at: results.location)
            return nil
        }
        let events = results["event"]
        guard events.isNull || events.isObject || events.isArray else {
            warnings.add("expected a list of events, found \(events.describeValue); the file is ignored", at: events.location)
            return nil
        }
        // A user calendar (events wrapped in `calendarEntry`) is not a metro area's: MetroLoader
        // tells it apart and leaves it out.
        return events.list
    }

    /// The message of a Songkick error envelope, or nil when `root` is not one.
    public static func errorMessage(in root: JSONCursor) -> String? {
        let page = root["resultsPage"]
        guard page.text("status")?.lowercased() == "error" || page.has("error") else { return nil }
        return page["error"].text("message") ?? page.text("error") ?? "no message"
    }

    /// The years an event may start in: Songkick lists concerts from 2007 on, and a calendar date
    /// must keep four digits.
    static let years = 1900...2999
    /// The most days an event may run (a festival's `end`): a year.
    static let longestRun = 366

    /// One event, or nil (with a warning) when it has no id or no start date.
    public static func event(_ json: JSONCursor, warnings: WarningLog) -> Event? {
        guard json.isObject else {
            warnings.add("expected an event object, found \(json.describeValue); skipped", at: json.location)
            return nil
        }
        guard let id = json["id"].identifier("an event id", warnings: warnings) else {
            warnings.add("event without an id; skipped", at: json["id"].location)
            return nil
        }
        guard let start = start(json["start"], warnings: warnings) else {
            warnings.add("event \(id) has no valid `start.date` (\(json["start"]["date"].describeValue)); skipped",
                         at: json["start"].location)
            return nil
        }
        guard years.contains(start.date.year) else {
            warnings.add("event \(id) starts on \(start.date), outside the years \(years.lowerBound)–\(years.upperBound); skipped",
                         at: json["start"]["date"].location)
            return nil
        }
        let rawName = json.text("displayName") ?? ""
        let (sentence, leakedStatus) = cleanTitle(rawName)
        let (headliners, support) = lineup(json["performance"].list, warnings: warnings)
        let type = json.text("type") ?? "Concert"
        let venue = venue(json["venue"], warnings: warnings)
        let title = name(of: sentence, starting: start.date, at: venue.name, festival: Event.isFestival(type: type))
        var endDate = json["end"].text("date").flatMap { LocalDate(iso: $0) }
        if let end = endDate, end <= start.date { endDate = nil }
        // A festival runs days, not years: a far end (9999-12-31) would list the event on every
        // day to the horizon and make a calendar date past year 9999.
        if let end = endDate, end.daysSinceEpoch - start.date.daysSinceEpoch > longestRun {
            warnings.add("event \(id) ends on \(end), more than \(longestRun) days after its start; the end is left out",
                         at: json["end"]["date"].location)
            endDate = nil
        }
        return Event(
            id: id,
            title: title.isEmpty ? headliners.first?.name : title,
            type: type,
            status: status(json.text("status")) ?? leakedStatus ?? .ok,
            start: start,
            endDate: endDate,
            seriesName: json["series"].text("displayName"),
            uri: json.webURL("uri", warnings: warnings),
            city: json["location"].text("city"),
            headliners: headliners,
            support: support,
            venue: venue,
            location: coordinate(json["location"], warnings: warnings),
            ageRestriction: json.text("ageRestriction")
        )
    }

    /// The venue of an event; event details add street, zip, phone, website and capacity.
    static func venue(_ json: JSONCursor, warnings: WarningLog) -> Venue {
        Venue(
            id: json["id"].identifier("a venue id", warnings: warnings),
            // Songkick's own stand-in (with a null id) is no name: pages word it in the site's language.
            name: json.text("displayName").flatMap { $0.trimmed.lowercased() == "unknown venue" ? nil : $0 },
            uri: json.webURL("uri", warnings: warnings),
            coordinate: coordinate(json, warnings: warnings),
            street: json.text("street"),
            zip: json.text("zip"),
            phone: json.text("phone"),
            website: json.website("website", warnings: warnings),
            capacity: json["capacity"].count("a capacity", warnings: warnings).flatMap { $0 > 0 ? $0 : nil }
        )
    }

    // MARK: Parts

    /// `lat` and `lng` of a venue or an event's location; either may be null (no warning), but
    /// one out of range or not a number is a warning, and the place has no coordinates.
    private static func coordinate(_ json: JSONCursor, warnings: WarningLog) -> Coordinate? {
        Coordinate(latitude: json["lat"].number("a latitude", in: -90...90, warnings: warnings),
                   longitude: json["lng"].number("a longitude", in: -180...180, warnings: warnings))
    }

    /// The day, and the time when `time` or `datetime` gives one. A `datetime` or `time` that
    /// is not one ("24:00:00", an offset of +99:00), or a `datetime` of another day than `date`,
    /// is a warning saying what is shown instead: the other field's time (without an offset
    /// when it is `time`'s), or none. The day is always `date`'s.
    private static func start(_ json: JSONCursor, warnings: WarningLog) -> EventStart? {
        guard let text = json.text("date"), let date = LocalDate(iso: text) else { return nil }
        var problems: [(message: String, at: SourceLocation)] = []
        var datetime: (time: LocalTime, offset: Int?)?
        if let written = json.text("datetime"), !written.trimmed.isEmpty {
            datetime = parseDatetime(written)
            if datetime == nil {
                problems.append(("expected a date and time like 2026-11-30T19:30:00-0500, found '\(written.prefix(40))'", json["datetime"].location))
            } else if !written.hasPrefix(text) {
                problems.append(("`datetime` '\(written.prefix(40))' is not on the day of `date` (\(text)); it is not read", json["datetime"].location))
                datetime = nil
            }
        }
        var time = datetime?.time
        if let written = json.text("time"), !written.trimmed.isEmpty {
            if let given = LocalTime(written) {
                time = given
            } else {
                problems.append(("expected a time like 19:30:00, found '\(written.prefix(40))'", json["time"].location))
            }
        }
        let offset = time == nil ? nil : datetime?.offset
        let shown = time == nil ? "the event is listed on \(text), its time unknown"
            : datetime == nil ? "the event is listed at the time of `time`, without an offset" : "the event is listed at the time of `datetime`"
        for problem in problems { warnings.add(problem.message + "; " + shown, at: problem.at) }
        return EventStart(date: date, time: time, utcOffset: offset)
    }

    /// "2013-07-28T18:00:00-0600" (Songkick's offset has no colon), also "+01:00" and "Z".
    static func parseDatetime(_ text: String) -> (time: LocalTime, offset: Int?)? {
        guard let tee = text.firstIndex(of: "T") else { return nil }
        var clock = String(text[text.index(after: tee)...])
        var offset: Int?
        if clock.hasSuffix("Z") {
            clock.removeLast()
            offset = 0
        } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = clock[clock.index(after: sign)...].filter { $0 != ":" }
            guard zone.count == 4 || zone.count == 2, let value = Int(zone) else { return nil }
            let minutes = zone.count == 4 ? value / 100 * 60 + value % 100 : value * 60
            guard minutes <= 18 * 60 else { return nil }
            offset = (clock[sign] == "-" ? -1 : 1) * minutes * 60
            clock = String(clock[..<sign])
        }
        guard let time = LocalTime(clock) else { return nil }
        return (time, offset)
    }

    private static func status(_ text: String?) -> Event.Status? {
        switch text?.lowercased() {
        case "postponed": return .postponed
        case "cancelled", "canceled": return .cancelled
        case nil: return nil
        default: return .ok
        }
    }

    /// Removes the status Songkick appends to display names ("… (November 13, 2021) (POSTPONED) ",
    /// trailing space included), so the page's own marker is the only one.
    static func cleanTitle(_ name: String) -> (String, Event.Status?) {
        var title = name.trimmed
        var leaked: Event.Status?
        let markers: [(String, Event.Status)] = [("(postponed)", .postponed), ("(cancelled)", .cancelled), ("(canceled)", .cancelled)]
        var changed = true
        while changed {
            changed = false
            for (marker, status) in markers where title.lowercased().hasSuffix(marker) {
                title = String(title.dropLast(marker.count)).trimmed
                leaked = leaked ?? status
                changed = true
            }
        }
        return (title, leaked)
    }

    /// The name part of Songkick's `displayName`, an English sentence for a concert ("A with B
    /// at Venue (May 8, 2026)"): without the date, and for a concert without " at <venue>"
    /// (Songkick's "Unknown venue" for one it does not know). A festival's name is a proper
    /// name ("Winter Lights Festival 2026"), kept but for the date.
    static func name(of sentence: String, starting day: LocalDate, at venue: String?, festival: Bool) -> String {
        var name = sentence
        let date = " (\(englishMonths[day.month - 1]) \(day.day), \(day.year))"
        if name.hasSuffix(date), name.count > date.count { name.removeLast(date.count) }
        let at = " at " + (venue ?? "Unknown venue")
        if !festival, name.hasSuffix(at), name.count > at.count { name.removeLast(at.count) }
        return name
    }

    /// The months as Songkick writes them in a `displayName`, in English whatever the site's language.
    private static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August",
                                        "September", "October", "November", "December"]

    /// Headliners are the `billing: headline` performances in `billingIndex` order, the rest are
    /// support. Without any billing (the 2010 shape) the first performance headlines.
    static func lineup(_ performances: [JSONCursor], warnings: WarningLog) -> (headliners: [Performer], support: [Performer]) {
        struct Entry { var performer: Performer; var billing: String?; var index: Int; var position: Int }
        var entries: [Entry] = []
        var seen = Set<String>()
        for (position, item) in performances.enumerated() {
            guard let name = item.text("displayName") ?? item["artist"].text("displayName"),
                  seen.insert(name.lowercased()).inserted else { continue }
            entries.append(Entry(performer: Performer(name: name, uri: item["artist"].webURL("uri", warnings: warnings)),
                                 billing: item.text("billing")?.lowercased(),
                                 index: item["billingIndex"].int ?? Int.max, position: position))
        }
        let ordered = entries.sorted { ($0.index, $0.position) < ($1.index, $1.position) }
        var headliners = ordered.filter { $0.billing == "headline" }
        var support = ordered.filter { $0.billing != "headline" }
        if headliners.isEmpty {
            // No billing at all: keep the order as sent, and the first act headlines.
            let asSent = entries.contains { $0.billing != nil } ? support : entries
            if let first = asSent.first {
                headliners = [first]
                support = Array(asSent.dropFirst())
            }
        }
        return (headliners.map(\.performer), support.map(\.performer))
    }
}
