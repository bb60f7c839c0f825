import Foundation
import SitegenCharts
import SitegenCore

extension FetchRun {
    /// Each listener: profile, week list and friends; then the weeks not cached and the running
    /// week; then album.getInfo for every charted album not cached yet (see `albumRequest`).
    func fetchCharts() async {
        guard options.keys[.lastfm] != nil else {
            missingKey(.lastfm, "LASTFM_API_KEY", setting: "charts.listeners", settings.listeners.count.counted("listener"),
                       configured: !settings.listeners.isEmpty, section: "charts")
            return
        }
        if settings.listeners.isEmpty { recorder.note("charts: nothing to fetch, site.yml lists no `charts.listeners`") }
        let plan = ChartsPlan(base: base(.lastfm))
        // One entry per album name and mbid: twenty years of weeks name the same albums often.
        var charted: [ChartEntry] = []
        var seen: Set<[String]> = []
        for user in settings.listeners {
            // Stopped: what is left is not planned (its reading of the cache is not wanted either).
            if Task.isCancelled { return }
            guard let folder = ChartsPlan.folder(user) else {
                refuse(.lastfm, what: "charts listener `\(user)`", reason: "the name cannot be a folder name (letters, digits, ., _ and - only)")
                continue
            }
            await perform(plan.listenerRequests(folder, user: user))
            // A name Last.fm does not know (a typo in site.yml) is stored as its "not found", and
            // would otherwise show only as the build's warnings.
            if let profile = writer.json(CachePath(folder + [ChartsCacheFiles.user])!), LastFMError.found(in: profile)?.code == LastFMError.notFound {
                recorder.note("charts: Last.fm has no user `\(user)` (as spelled in `charts.listeners` of site.yml)")
            }
            var listed: [ChartWeek] = []
            let listPath = CachePath(folder + [ChartsCacheFiles.weekList])!
            // An error body (a user Last.fm does not know) is said above, or by the build.
            if let root = writer.json(listPath), LastFMError.found(in: root) == nil {
                do {
                    listed = try LastFMReader.chartList(root)
                } catch {
                    recorder.note("charts: \(listPath) is no list of weeks (\(error.message)): no week of `\(user)` is asked for")
                }
            }
            let weeks = ChartsPlan.weeksToFetch(listed: listed, cachedAt: { week in
                guard let path = CachePath(folder + [ChartsCacheFiles.weeks, week.fileName]), let modified = writer.modified(path) else { return nil }
                // A cached week the build cannot read as a chart (shown as not available) is
                // asked for again, or a finished week would stay so for good.
                if let root = writer.json(path), LastFMReader.chartProblem(root) != nil { return nil }
                return modified
            }, now: options.now())
            if options.dryRun {
                // The weeks come from the cached week list, their albums from the cached weeks.
                if !writer.exists(CachePath(folder + [ChartsCacheFiles.weekList])!) {
                    uncounted(.lastfm, "listener `\(user)`: its weeks and the albums they chart (user.getWeeklyChartList is not cached)")
                }
                let uncached = weeks.filter { week in CachePath(folder + [ChartsCacheFiles.weeks, week.fileName]).map { !writer.exists($0) } ?? false }.count
                if uncached > 0 { uncounted(.lastfm, "listener `\(user)`: album.getInfo for the albums of \(uncached.counted("week")) not cached yet") }
            }
            await perform(weeks.compactMap { plan.weekRequest(folder, user: user, week: $0) })
            // Every cached week's albums, whether fetched now or before.
            for name in writer.names(in: folder + [ChartsCacheFiles.weeks]) ?? [] where ChartWeek(fileName: name) != nil {
                guard let root = writer.json(CachePath(folder + [ChartsCacheFiles.weeks, name])!),
                      let entries = try? LastFMReader.albumChart(root, warnings: WarningLog()) else { continue }
                charted += entries.filter { seen.insert($0.key.cacheNames).inserted }
            }
        }
        // Twice: an mbid Last.fm does not know is asked again by artist and album.
        for _ in 1...2 {
            var files: Set<CachePath> = []
            let requests = charted.compactMap { entry -> FetchRequest? in
                guard let request = plan.albumRequest(entry, cached: { path in
                    writer.exists(path) ? (true, writer.holdsGood(path, expects: .lastfm("album"))) : (false, false)
                }), files.insert(request.file).inserted else { return nil }
                return request
            }
            guard !requests.isEmpty else { break }
            await perform(requests)
            // The second round waits on the first's answers: a dry run stops here.
            if options.dryRun {
                let byMBID = requests.filter { request in
                    URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.contains { $0.name == "mbid" } == true
                }.count
                if byMBID > 0 { uncounted(.lastfm, "album.getInfo by artist and album for those of \(byMBID.counted("album")) asked by mbid that Last.fm does not know") }
                break
            }
        }
    }
}
