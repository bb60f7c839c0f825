import SitegenCore

/// The names of the charts section's cache files, kept here only, so that `sitegen fetch`
/// writes what the loader reads: in `Content/charts/<user>/` the answers of user.getInfo,
/// user.getWeeklyChartList and user.getFriends, and `weeks/<from>-<to>.json` (`ChartWeek`);
/// album.getInfo answers in `Content/charts/albums/` (`AlbumKey`).
public enum ChartsCacheFiles {
    public static let user = "user.json"
    public static let weekList = "weeklychartlist.json"
    public static let friends = "friends.json"
    /// The folder of a listener's weekly charts.
    public static let weeks = "weeks"
    /// The folder of album.getInfo answers, under Content/.
    public static let albums = "charts/albums"
}

/// What the loader would refuse in an answer `sitegen fetch` is about to store, read by the
/// loader's own readers: a stored answer the build cannot read would stop every build after it,
/// or show a week as not available.
extension ChartsCacheFiles {
    /// Why a Last.fm answer whose top-level key is `key` cannot be read, or nil (also for an
    /// answer this section does not read).
    public static func problem(in root: JSONCursor, key: String) -> SitegenError? {
        let warnings = WarningLog()
        do throws(SitegenError) {
            switch key {
            case "weeklychartlist": _ = try LastFMReader.chartList(root)
            case "weeklyalbumchart":
                if let (problem, place) = LastFMReader.chartProblem(root) { return SitegenError(problem, at: place) }
                _ = try LastFMReader.albumChart(root, warnings: warnings)
            case "user": _ = try LastFMReader.profile(root, warnings: warnings)
            case "friends": _ = try LastFMReader.friends(root)
            case "album": _ = try LastFMReader.albumInfo(root, file: root.file, warnings: warnings)
            default: break
            }
            return nil
        } catch {
            return error
        }
    }
}
