import Foundation
import SitegenCharts
import SitegenCore

/// The Last.fm requests of the charts section, and where their answers go: the files
/// `ChartsLoader` reads (README "This week N years ago").
struct ChartsPlan {
    let base: URL

    static let week = 604_800

    /// A listener's folder, or nil when the name could leave `charts/` or is one of its shared
    /// folders (`ChartsSection.sharedFolders`).
    static func folder(_ user: String) -> [String]? {
        guard Slug.segment(user) == user, !ChartsSection.sharedFolders.contains(user.lowercased()),
              CachePath(["charts", user]) != nil else { return nil }
        return ["charts", user]
    }

    private func request(_ method: String, _ parameters: [(String, String)], file: [String], root: String) -> FetchRequest? {
        guard let path = CachePath(file) else { return nil }
        let url = FetchRequest.url(base, path: "", query: [("method", method)] + parameters + [("format", "json")])
        return FetchRequest(api: .lastfm, url: url, file: path, expects: .lastfm(root))
    }

    /// Asked on every run: the profile, the list of weeks (it grows every Sunday) and the friends.
    func listenerRequests(_ folder: [String], user: String) -> [FetchRequest] {
        [request("user.getinfo", [("user", user)], file: folder + [ChartsCacheFiles.user], root: "user"),
         request("user.getweeklychartlist", [("user", user)], file: folder + [ChartsCacheFiles.weekList], root: "weeklychartlist"),
         request("user.getfriends", [("user", user), ("limit", "500")], file: folder + [ChartsCacheFiles.friends], root: "friends")]
            .compactMap { $0 }
    }

    func weekRequest(_ folder: [String], user: String, week: ChartWeek) -> FetchRequest? {
        request("user.getweeklyalbumchart", [("user", user), ("from", String(week.from)), ("to", String(week.to))],
                file: folder + [ChartsCacheFiles.weeks, week.fileName], root: "weeklyalbumchart")
    }

    /// The weeks to ask for: every listed week not cached, cached before it ended (a finished
    /// week never changes, so it is asked once after its end), or that ended in the last seven
    /// days; and the week running now, which follows the last listed one and changes until it
    /// ends. The seven days are for a cache copied with new modification times (a git checkout,
    /// `cp`, the README's scheduled workflow): a week cached while it ran would look finished
    /// for good, so a daily fetch asks for it again until a week after its end.
    static func weeksToFetch(listed: [ChartWeek], cachedAt: (ChartWeek) -> Date?, now: Date) -> [ChartWeek] {
        var weeks: [ChartWeek] = []
        for week in Set(listed).sorted() {
            guard let cached = cachedAt(week) else { weeks.append(week); continue }
            if cached.timeIntervalSince1970 < Double(week.to) || now.timeIntervalSince1970 < Double(week.to + Self.week) { weeks.append(week) }
        }
        if let last = listed.max(), let running = ChartWeek(from: last.to, to: last.to + week),
           now.timeIntervalSince1970 >= Double(running.from) {
            weeks.append(running)
        }
        return weeks
    }

    /// The album.getInfo request an album still needs, if any: by mbid when it has one, into the
    /// first of the names the build looks up (`AlbumKey.cacheNames`); by artist and album into the
    /// second when there is no mbid, or when Last.fm did not know the mbid (a cached "not found"
    /// under it), as it often does not. `cached` says whether a file is there and holds the data.
    func albumRequest(_ entry: ChartEntry, cached: (CachePath) -> (exists: Bool, good: Bool)) -> FetchRequest? {
        let folder = ChartsCacheFiles.albums.split(separator: "/").map(String.init)
        guard entry.key.cacheNames.allSatisfy({ CachePath(folder + [$0]) != nil }),
              // Last.fm finds an album by name only with its artist.
              let answer = entry.key.answerToAsk(artistKnown: entry.artist != nil, cached: { cached(CachePath(folder + [$0])!) }) else { return nil }
        if answer.byMBID, let mbid = entry.key.mbid {
            return request("album.getinfo", [("mbid", mbid)], file: folder + [answer.name], root: "album")
        }
        guard let artist = entry.artist else { return nil }
        return request("album.getinfo", [("artist", artist), ("album", entry.album)], file: folder + [answer.name], root: "album")
    }

    /// artist.getInfo for an event's headliner, into the shared file the build looks up (`LastFMArtistFiles`).
    func artistRequest(_ name: String) -> FetchRequest? {
        guard let path = CachePath(LastFMArtistFiles.file(for: name)) else { return nil }
        return request("artist.getinfo", [("artist", name)], file: path.parts, root: "artist")
    }
}
