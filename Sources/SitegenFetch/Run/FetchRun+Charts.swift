import Foundation
import SitegenCharts
import SitegenCore

extension FetchRun {
    /// Each listener: profile, week list and friends; then the weeks not cached and the running
    /// week; then album.getInfo for every charted album no file names yet.
    func fetchCharts() async {
        guard options.keys[.lastfm] != nil else {
            recorder.note("charts: skipped, LASTFM_API_KEY is not set")
            return
        }
        let plan = ChartsPlan(base: base(.lastfm))
        var albumRequests: [FetchRequest] = []
        var albumFiles: Set<CachePath> = []
        for user in settings.listeners {
            guard let folder = ChartsPlan.folder(user) else {
                refuse(.lastfm, what: "charts listener `\(user)`", reason: "the name cannot be a folder name (letters, digits, ., _ and - only)")
                continue
            }
            await perform(plan.listenerRequests(folder, user: user))
            let listed = writer.json(CachePath(folder + ["weeklychartlist.json"])!)
                .flatMap { try? LastFMReader.chartList($0) } ?? []
            let weeks = ChartsPlan.weeksToFetch(listed: listed, cachedAt: { week in
                CachePath(folder + ["weeks", week.fileName]).flatMap { writer.modified($0) }
            }, now: options.now())
            await perform(weeks.compactMap { plan.weekRequest(folder, user: user, week: $0) })
            // Every cached week's albums, whether fetched now or before.
            for name in writer.names(in: folder + ["weeks"]) where ChartWeek(fileName: name) != nil {
                guard let root = writer.json(CachePath(folder + ["weeks", name])!),
                      let entries = try? LastFMReader.albumChart(root, warnings: WarningLog()) else { continue }
                for entry in entries {
                    guard !entry.key.cacheNames.contains(where: { CachePath(["charts", "albums", $0]).map(writer.exists) ?? false }),
                          let request = plan.albumRequest(entry), albumFiles.insert(request.file).inserted else { continue }
                    albumRequests.append(request)
                }
            }
        }
        await perform(albumRequests)
    }
}
