/// Which Last.fm method an answer comes from, told by its one top-level key: Last.fm wraps each
/// answer in an object named for what it holds (`{"user": …}`, `{"weeklyalbumchart": …}`). A
/// cached file that holds another method's answer (a user.getInfo copied over a week's chart)
/// is named for what it looks like, not reported as a broken file of the kind expected. The
/// charts section and the events section's headliner details both read Last.fm answers.
public enum LastFMAnswerShape {
    /// The top-level keys of the answers sitegen caches, with their methods.
    static let methods: [(key: String, method: String)] = [
        ("album", "album.getInfo"), ("artist", "artist.getInfo"), ("friends", "user.getFriends"),
        ("user", "user.getInfo"), ("weeklyalbumchart", "user.getWeeklyAlbumChart"),
        ("weeklychartlist", "user.getWeeklyChartList"),
    ]

    /// The method `root` is an answer of, when it lacks `expectedKey` but has another method's key.
    public static func otherMethod(in root: JSONCursor, expected expectedKey: String) -> String? {
        guard !root.has(expectedKey) else { return nil }
        return methods.first { $0.key != expectedKey && root.has($0.key) }?.method
    }
}
