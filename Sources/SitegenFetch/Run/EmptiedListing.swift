import Foundation
import SitegenArchive
import SitegenCore
import SitegenEvents

/// A listing's first page that lists nothing, where the cached listing still holds something to
/// show, is taken for a fault of the service and not stored: one transient empty answer
/// (`"results":{}`, `"items":[]`) would otherwise remove every cached page of the listing, and
/// an empty calendar, once published, empties its subscribers' calendars.
///
/// The empty answer is stored once the cache has nothing left to lose: a calendar whose cached
/// events are all over (as the build reads them: an event it cannot read counts for nothing), so
/// a metro that really has none empties by itself. A collection that is really empty now is
/// emptied by deleting its cached pages, as the failure says (`content` names the folder).
enum EmptiedListing {
    /// Why the answer is refused, or nil to store it.
    static func reason(_ body: Data, request: FetchRequest, writer: CacheWriter, content: URL, now: Date) -> String? {
        guard let parsed = try? JSON.parse(body, file: request.file.description) else { return nil }
        guard let prefix = pagePrefix(request.expects), entries(JSONCursor(parsed, file: request.file.description), request.expects, today: nil) == 0 else {
            return nil
        }
        // The form of Songkick's `start.date`, in UTC (a day early or late at the edges, which
        // only moves when an emptied calendar is accepted).
        let today = LocalDate(now, in: TimeZone(identifier: "UTC")!)
        let folder = content.appendingPathComponent(request.file.folder.joined(separator: "/")).path
        guard let names = writer.names(in: request.file.folder) else {
            return "the answer lists nothing, and the cached listing in \(folder) cannot be read to tell whether that loses anything; not stored"
        }
        var cached = 0
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".json") {
            guard let path = CachePath(request.file.folder + [name]), let page = writer.json(path) else { continue }
            cached += entries(page, request.expects, today: today)
        }
        guard cached > 0 else { return nil }
        let pages = content.appendingPathComponent((request.file.folder + [prefix + "*.json"]).joined(separator: "/")).path
        switch request.expects {
        case .songkick:
            return "the answer lists no events where the cached calendar lists \(cached.counted("event")) to come; taken for a fault of "
                + "\(request.api.displayName), not stored (if the metro really has none now, delete \(pages))"
        default:
            return "the answer lists no items where the cached listing lists \(cached.counted("item")); taken for a fault of "
                + "\(request.api.displayName), not stored (if the collection is really empty now, delete \(pages))"
        }
    }

    /// The file names of a listing's pages: `calendar-<n>.json`, `search-<n>.json`.
    private static func pagePrefix(_ expects: Expectation) -> String? {
        switch expects {
        case .songkick: EventsCacheFiles.calendarPrefix
        case .archiveSearch: ArchiveCacheFiles.searchPrefix
        default: nil
        }
    }

    /// The entries a page lists that the build can read (an entry it skips lists nothing): a
    /// calendar's events (with `today`, those that last until today or later: a festival that
    /// began yesterday is not over), a listing's items.
    private static func entries(_ page: JSONCursor, _ expects: Expectation, today: LocalDate?) -> Int {
        switch expects {
        case .songkick:
            return page["resultsPage"]["results"]["event"].list.count { json in
                guard let event = SongkickDecoder.event(json, warnings: WarningLog()) else { return false }
                return today.map { event.lastDate >= $0 } ?? true
            }
        default:
            return (page["items"].list + page["response"]["docs"].list).count {
                $0.isObject && $0.text("identifier") != nil && $0.text("mediatype")?.lowercased() != "collection"
            }
        }
    }
}
