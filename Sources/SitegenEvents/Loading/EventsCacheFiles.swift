import SitegenCore

/// The names of the events section's cache files in `Content/events/<metro id>/`, kept here
/// only, so that `sitegen fetch` writes what the loader reads: the metro calendar's pages
/// `calendar-<n>.json` and an event's details `events/<event id>.json`.
public enum EventsCacheFiles {
    /// What the calendar's pages' names start with.
    public static let calendarPrefix = "calendar-"
    /// The folder of the events' details answers.
    public static let events = "events"

    /// The file of the calendar's page `number` (from 1).
    public static func calendarPage(_ number: Int) -> String { "\(calendarPrefix)\(number).json" }

    /// The file of an event's details, in `events`.
    public static func event(_ id: Int) -> String { "\(id).json" }

    /// The number a calendar page's file names ("calendar-3.json" → 3) as `calendarPage` writes
    /// it: digits without a leading zero or a plus sign. nil for any other name
    /// ("calendar-03.json" is a hand-made copy, not page 3, and fetch's cleanup must not take it
    /// for one). It may be 0 or negative: the loader names such a file rather than pass it by.
    public static func calendarPageNumber(_ name: String) -> Int? {
        guard name.hasPrefix(calendarPrefix), name.hasSuffix(".json") else { return nil }
        let number = name.dropFirst(calendarPrefix.count).dropLast(".json".count)
        let digits = number.hasPrefix("-") ? number.dropFirst() : number
        guard let first = digits.first, first != "0" || digits.count == 1,
              digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Int(number)
    }
}

/// What the loader would refuse in an answer `sitegen fetch` is about to store, read by the
/// loader's own reader: a calendar page none of whose events can be read would be stored as the
/// metro's listing, and its pages would say the listings are not available.
extension EventsCacheFiles {
    /// Why a calendar page or an event's details cannot be read, or nil.
    public static func problem(in root: JSONCursor) -> SitegenError? {
        let warnings = WarningLog()
        do throws(SitegenError) {
            guard let events = try SongkickDecoder.events(in: root, warnings: warnings) else {
                let warning = warnings.sorted.first
                return SitegenError(warning?.message ?? "no events could be read", at: warning?.location)
            }
            guard events.isEmpty || events.contains(where: { SongkickDecoder.event($0, warnings: warnings) != nil }) else {
                return SitegenError("expected events (objects with an id and a start), found none among \(events.count) entries",
                                    at: root["resultsPage"]["results"]["event"].location)
            }
            return nil
        } catch {
            return error
        }
    }
}
