/// One listener's cache, read: who they are, which weeks exist, which charts are cached.
public struct Listener: Sendable {
    /// The Last.fm user name (the folder name under Content/charts/).
    public let user: String
    /// The URL segment of the listener's pages.
    public let slug: String
    public let displayName: String
    public let minPlays: Int
    public let profile: ListenerProfile?
    /// The weeks Last.fm lists (user.getWeeklyChartList), joined with the cached weeks.
    public let weekList: WeekList
    /// Cached weekly charts, oldest first.
    public let cached: [CachedWeek]
    /// Friends' user names (user.getFriends), as sent.
    public let friends: [String]
    /// The listener's files, relative to Content/, that pages about the listener depend on.
    public let folder: String
    public let userFile: String
    public let chartListFile: String
    /// False for a listener of site.yml with no folder in the cache yet: the listener's page
    /// says the charts are not available yet, so links and navigation do not change with the cache.
    public var hasCache = true
    public var weeksFolder: String { folder + "/weeks" }

    /// Whether the week ended before the listener registered (its chart is empty by necessity).
    public func isBeforeRegistration(_ week: ChartWeek) -> Bool {
        guard let registered = profile?.registered else { return false }
        return week.to <= registered
    }
}
