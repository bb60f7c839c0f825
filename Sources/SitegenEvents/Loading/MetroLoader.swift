import SitegenCore

/// Reads one metro area's cache: `calendar-<page>.json` pages in numeric page order, then the
/// optional `events/<eventId>.json` details.
enum MetroLoader {
    struct Result {
        var events: [Event]
        /// The metro's name as Songkick spells it (`venue.metroArea.displayName`), if any event has one.
        var nameInData: String?
        /// False when no calendar page could be read as the metro's (none cached, or each an
        /// error body or another calendar): its pages say the listings are not available, never
        /// that nothing is on.
        var isAvailable: Bool
    }

    static func load(folder: String, metroId: Int, context: LoadContext) throws(SitegenError) -> Result {
        var byId: [Int: Event] = [:]
        var nameInData: String?
        var isAvailable = false
        var unread: [String] = []
        // Every bad page of the metro is reported, not only the first.
        let problems = ProblemLog()
        for (_, file) in calendarPages(in: folder, context: context) {
            guard let read = problems.attempt({ () throws(SitegenError) in
                let root = try context.json(file)
                return (root, try SongkickDecoder.events(in: root, warnings: context.warnings))
            }) else { continue }
            let (root, found) = read
            guard let events = found else {
                unread.append(file)
                continue
            }
            if let kind = otherCalendar(root, events: events, metroId: metroId) {
                context.warnings.add("looks like \(kind), not the calendar of metro area \(metroId); ignored",
                                     at: SourceLocation(file: context.displayPath(file)))
                unread.append(file)
                continue
            }
            let decoded = events.compactMap { json in SongkickDecoder.event(json, warnings: context.warnings).map { (json, $0) } }
            // A page of events none of which can be read is a broken page, not an empty one.
            if decoded.isEmpty, !events.isEmpty {
                context.warnings.add("none of the \(events.count) events of this calendar page could be read; the file is ignored",
                                     at: SourceLocation(file: context.displayPath(file)))
                unread.append(file)
                continue
            }
            isAvailable = true
            for (json, event) in decoded {
                if let area = json["venue"]["metroArea"].text("displayName"), json["venue"]["metroArea"]["id"].int == metroId {
                    nameInData = nameInData ?? area
                }
                // The same event on two pages (the calendar moved while it was fetched): the copy
                // on the lowest page wins, so the result never depends on anything but the files.
                if byId[event.id] == nil { byId[event.id] = event }
            }
        }
        context.warnAboutStrays(in: folder, expected: "\(EventsCacheFiles.calendarPage(1)), \(EventsCacheFiles.calendarPage(2)), … and \(EventsCacheFiles.events)/") { name, isFolder in
            isFolder ? name == EventsCacheFiles.events : name.hasSuffix(".json")
        }
        for file in context.files(in: folder + "/" + EventsCacheFiles.events, suffix: ".json", strayWarning: "<eventId>.json files") {
            let stem = String(file.split(separator: "/").last?.dropLast(".json".count) ?? "")
            guard let id = Int(stem) else {
                context.warnings.add("event details should be named <eventId>.json; ignored", at: SourceLocation(file: context.displayPath(file)))
                continue
            }
            guard var event = byId[id] else { continue } // details of an event no longer in the calendar
            guard let root = problems.attempt({ () throws(SitegenError) in try context.json(file) }) else { continue }
            if root["resultsPage"]["results"].has("venue") && !root["resultsPage"]["results"].has("event") {
                context.warnings.add("looks like a venue details answer (results.venue), not event details; ignored",
                                     at: SourceLocation(file: context.displayPath(file)))
                continue
            }
            guard let found = problems.attempt({ () throws(SitegenError) in try SongkickDecoder.events(in: root, warnings: context.warnings) }),
                  let json = found?.first else { continue }
            guard json["id"].int == id else {
                context.warnings.add("holds event \(json["id"].describeValue), not \(id); ignored", at: json["id"].location)
                continue
            }
            event.venue = merge(event.venue, details: SongkickDecoder.venue(json["venue"], warnings: context.warnings))
            byId[id] = event
        }
        try problems.throwIfAny()
        if !isAvailable {
            let files = unread.map { context.displayPath($0) }.joined(separator: ", ")
            context.warnings.add(
                unread.isEmpty ? "metro \(metroId) has no calendar page (expected calendar-1.json); its pages say the listings are not available"
                    : "no calendar page of metro \(metroId) could be read (\(files)); its pages say the listings are not available, not that nothing is on",
                at: SourceLocation(file: context.displayPath(unread.first ?? folder)))
        }
        return Result(events: byId.values.sorted { $0.id < $1.id }, nameInData: nameInData, isAvailable: isAvailable)
    }

    /// What a calendar page is when it is not a metro area's, judged by its shape: a user's
    /// calendar wraps events in `calendarEntry`; an artist's or a venue's lists events none of
    /// whose venues is in this metro area. nil when it may be the metro's own.
    static func otherCalendar(_ root: JSONCursor, events: [JSONCursor], metroId: Int) -> String? {
        if root["resultsPage"]["results"].has("calendarEntry") { return "a user's calendar (calendarEntry)" }
        let areas = events.compactMap { $0["venue"]["metroArea"]["id"].int }
        if !areas.isEmpty, !areas.contains(metroId) {
            return "an artist's or a venue's calendar (its events are in metro areas \(Set(areas).sorted().map(String.init).joined(separator: ", ")))"
        }
        return nil
    }

    /// The calendar pages of a folder, by page number (so page 10 comes after page 9).
    /// `calendar.json` counts as page 1 when there are no numbered pages.
    static func calendarPages(in folder: String, context: LoadContext) -> [(page: Int, file: String)] {
        var pages: [(page: Int, file: String)] = []
        var unnumbered: String?
        for file in context.files(in: folder, suffix: ".json") {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            if name == "calendar.json" {
                unnumbered = file
            } else if let page = EventsCacheFiles.calendarPageNumber(name) {
                guard page >= 1 else {
                    context.warnings.add("calendar pages are numbered from 1 (calendar-1.json); ignored",
                                         at: SourceLocation(file: context.displayPath(file)))
                    continue
                }
                pages.append((page, file))
            } else if name.hasPrefix(EventsCacheFiles.calendarPrefix) {
                // calendar-01.json: a hand-made copy, as fetch never names a page so.
                context.warnings.add("not a calendar page: a page's number is written as fetch writes it, without a leading zero or sign "
                                     + "(calendar-1.json); ignored", at: SourceLocation(file: context.displayPath(file)))
            } else {
                context.warnings.add("not a calendar page (expected calendar-<page>.json); ignored",
                                     at: SourceLocation(file: context.displayPath(file)))
            }
        }
        if let unnumbered {
            if pages.isEmpty {
                pages.append((1, unnumbered))
            } else {
                context.warnings.add("calendar.json next to numbered pages (calendar-1.json, …) would be a second page 1; ignored",
                                     at: SourceLocation(file: context.displayPath(unnumbered)))
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
