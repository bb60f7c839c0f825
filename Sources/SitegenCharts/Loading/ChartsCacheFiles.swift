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
