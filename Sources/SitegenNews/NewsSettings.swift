import SitegenCore

/// The `news:` mapping of site.yml:
///
///     news:
///       page_size: 10   # posts on each page of /news/
///       feed_size: 20   # the newest posts in feed.xml
public struct NewsSettings: Sendable, Equatable {
    public var pageSize = 10
    public var feedSize = 20
    static let maxSize = 1_000

    public init() {}

    /// Every bad key is reported, not only the first.
    public init(_ mapping: YAMLMapping?, warnings: WarningLog) throws(SitegenError) {
        guard let mapping else { return }
        mapping.warnUnknownKeys(known: ["page_size", "feed_size"], context: "news settings", into: warnings)
        let problems = ProblemLog()
        var settings = NewsSettings()
        problems.attempt { () throws(SitegenError) in
            // Bounded: a page count is reckoned from it (2^63 − 1 overflowed).
            guard let size = try mapping.int("page_size", in: 1...Self.maxSize, unit: "posts") else { return }
            settings.pageSize = size
        }
        problems.attempt { () throws(SitegenError) in
            guard let size = try mapping.int("feed_size", in: 1...Self.maxSize, unit: "posts") else { return }
            settings.feedSize = size
        }
        try problems.throwIfAny()
        self = settings
    }
}
