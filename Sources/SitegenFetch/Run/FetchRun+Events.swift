import Foundation
import SitegenCore
import SitegenEvents

extension FetchRun {
    /// Each metro: every calendar page (asked every run: calendars change), then the details of
    /// listed events not cached yet, then (with a Last.fm key) artist.getInfo for headliners
    /// whose file the events section would read and does not find.
    func fetchEvents() async {
        guard options.keys[.songkick] != nil else {
            missingKey(.songkick, "SONGKICK_API_KEY", setting: "events.metros", settings.metros.count.counted("metro"),
                       configured: !settings.metros.isEmpty, section: "events")
            return
        }
        if settings.metros.isEmpty { recorder.note("events: nothing to fetch, site.yml lists no `events.metros`") }
        let plan = EventsPlan(base: base(.songkick))
        let artists = ChartsPlan(base: base(.lastfm))
        var artistRequests: [FetchRequest] = []
        var artistFiles: Set<CachePath> = []
        for metro in settings.metros {
            // Stopped: what is left is not planned (its reading of the cache is not wanted either).
            if Task.isCancelled { return }
            let pages = await fetchCalendar(metro: metro, plan: plan)
            var details: [FetchRequest] = []
            for page in 1...max(1, pages) {
                let file = EventsPlan.calendarFile(metro: metro, page: page)
                guard let root = writer.json(file) else { continue }
                let listed: [JSONCursor]?
                do {
                    listed = try SongkickDecoder.events(in: root, warnings: WarningLog())
                } catch {
                    recorder.note("events: \(file) lists no events (\(error.message)): no event's details are asked for")
                    continue
                }
                // nil: a file the build ignores, with a warning of its own.
                guard let events = listed else { continue }
                for json in events {
                    guard let event = SongkickDecoder.event(json, warnings: WarningLog()) else { continue }
                    if !writer.exists(EventsPlan.eventFile(metro: metro, event: event.id)) {
                        details.append(plan.eventRequest(metro: metro, event: event.id))
                    }
                    guard options.keys[.lastfm] != nil else { continue }
                    for headliner in event.headliners {
                        guard let request = artists.artistRequest(headliner.name),
                              !hasArtistFile(request.file), artistFiles.insert(request.file).inserted else { continue }
                        artistRequests.append(request)
                    }
                }
            }
            await perform(Array(Set(details)).sorted { $0.file.description < $1.file.description })
        }
        await perform(artistRequests)
    }

    /// Pages 1, 2, … until the page count the latest page gives; the pages past the end of a
    /// calendar that shrank are removed once every page came. Returns the number of pages.
    private func fetchCalendar(metro: Int, plan: EventsPlan) async -> Int {
        var page = 1
        var complete = false
        while page <= EventsPlan.maxPages {
            let stored = await perform([plan.calendarRequest(metro: metro, page: page)]).first ?? false
            guard stored || options.dryRun, let root = writer.json(EventsPlan.calendarFile(metro: metro, page: page)) else {
                uncounted(.songkick, "metro \(metro): the calendar after page \(page), the details of the events it lists and "
                    + "their headliners' artist.getInfo (page \(page) is not cached)")
                break
            }
            let count = EventsPlan.pageCount(root) ?? page
            let events = root["resultsPage"]["results"]["event"].list.count
            if page >= count || events == 0 {
                complete = stored
                break
            }
            page += 1
        }
        if complete {
            let folder = ["events", String(metro)]
            for name in writer.names(in: folder) ?? [] {
                if let number = EventsCacheFiles.calendarPageNumber(name), number > page {
                    remove(CachePath(folder + [name])!)
                }
            }
        }
        return page
    }
}
