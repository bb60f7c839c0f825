import Foundation
import SitegenCore
import SitegenEvents

/// The Songkick requests of the events section, into the files `MetroLoader` reads:
/// `events/<metroId>/calendar-<page>.json` and `events/<metroId>/events/<eventId>.json`.
struct EventsPlan {
    let base: URL

    /// Songkick's largest page.
    static let perPage = 50
    /// No metro has anywhere near this many pages; a hostile `totalEntries` cannot go past it.
    static let maxPages = 400

    func calendarRequest(metro: Int, page: Int) -> FetchRequest {
        var request = FetchRequest(api: .songkick,
                                   url: FetchRequest.url(base, path: "metro_areas/\(metro)/calendar.json",
                                                         query: [("page", String(page)), ("per_page", String(Self.perPage))]),
                                   file: Self.calendarFile(metro: metro, page: page), expects: .songkick)
        request.firstOfListing = page == 1
        return request
    }

    static func calendarFile(metro: Int, page: Int) -> CachePath { CachePath(["events", String(metro), EventsCacheFiles.calendarPage(page)])! }

    func eventRequest(metro: Int, event: Int) -> FetchRequest {
        FetchRequest(api: .songkick, url: FetchRequest.url(base, path: "events/\(event).json", query: []),
                     file: Self.eventFile(metro: metro, event: event), expects: .songkick)
    }

    static func eventFile(metro: Int, event: Int) -> CachePath {
        CachePath(["events", String(metro), EventsCacheFiles.events, EventsCacheFiles.event(event)])!
    }

    /// The number of pages a calendar page says there are. The count can change while pages are
    /// fetched (events are added and removed), so the latest page's word counts.
    static func pageCount(_ root: JSONCursor) -> Int? {
        let page = root["resultsPage"]
        guard let total = page["totalEntries"].int, total >= 0 else { return nil }
        let size = max(1, page["perPage"].int ?? perPage)
        return min(maxPages, max(1, (total + size - 1) / size))
    }
}
