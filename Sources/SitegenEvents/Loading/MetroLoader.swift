import SitegenCore

/// Reads one metro area's cache: `calendar-<page>.json` pages in numeric page order, then the
/// optional `events/<eventId>.json` details.
enum MetroLoader {
    struct Result {
        var events: [Event]
        /// The metro's name as Songkick spells it (`venue.metroArea.displayName`), if any event has one.
        var nameInData: String?
    }

    static func load(folder: String, metroId: Int, context: LoadContext) throws(SitegenError) -> Result {
        var byId: [Int: Event] = [:]
        var nameInData: String?
        for (_, file) in calendarPages(in: folder, context: context) {
            let root = try context.json(file)
            for json in try SongkickDecoder.events(in: root, warnings: context.warnings) {
                guard let event = SongkickDecoder.event(json, warnings: context.warnings) else { continue }
                if let area = json["venue"]["metroArea"].text("displayName"), json["venue"]["metroArea"]["id"].int == metroId {
                    nameInData = nameInData ?? area
                }
                // The same event on two pages (the calendar moved while it was fetched): the copy
                // on the lowest page wins, so the result never depends on anything but the files.
                if byId[event.id] == nil { byId[event.id] = event }
            }
        }
        for file in context.files(in: folder + "/events", suffix: ".json") {
            let stem = String(file.split(separator: "/").last?.dropLast(".json".count) ?? "")
            guard let id = Int(stem) else {
                context.warnings.add("event details should be named <eventId>.json; ignored", at: SourceLocation(file: context.displayPath(file)))
                continue
            }
            guard var event = byId[id] else { continue } // details of an event no longer in the calendar
            let root = try context.json(file)
            guard let json = try SongkickDecoder.events(in: root, warnings: context.warnings).first else { continue }
            guard json["id"].int == id else {
                context.warnings.add("holds event \(json["id"].describeValue), not \(id); ignored", at: json["id"].location)
                continue
            }
            event.venue = merge(event.venue, details: SongkickDecoder.venue(json["venue"], warnings: context.warnings))
            byId[id] = event
        }
        return Result(events: byId.values.sorted { $0.id < $1.id }, nameInData: nameInData)
    }

    /// The calendar pages of a folder, by page number (so page 10 comes after page 9).
    /// `calendar.json` counts as page 1.
    static func calendarPages(in folder: String, context: LoadContext) -> [(page: Int, file: String)] {
        var pages: [(page: Int, file: String)] = []
        for file in context.files(in: folder, suffix: ".json") {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            if name == "calendar.json" {
                pages.append((1, file))
            } else if name.hasPrefix("calendar-"), let page = Int(name.dropFirst("calendar-".count).dropLast(".json".count)) {
                pages.append((page, file))
            } else {
                context.warnings.add("not a calendar page (expected calendar-<page>.json); ignored",
                                     at: SourceLocation(file: context.displayPath(file)))
            }
        }
        return pages.sorted { ($0.page, $0.file) < ($1.page, $1.file) }
    }

    /// The calendar's venue completed by the details' street, zip, phone, website and capacity.
    private static func merge(_ venue: Venue, details: Venue) -> Venue {
        var merged = venue
        merged.street = details.street ?? venue.street
        merged.zip = details.zip ?? venue.zip
        merged.phone = details.phone ?? venue.phone
        merged.website = details.website ?? venue.website
        merged.capacity = details.capacity ?? venue.capacity
        merged.coordinate = venue.coordinate ?? details.coordinate
        merged.uri = venue.uri ?? details.uri
        return merged
    }
}
