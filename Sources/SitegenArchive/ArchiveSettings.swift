import SitegenCore

/// The `archive:` mapping of site.yml:
///
///     archive:
///       year_order: newest_first   # or oldest_first: years on an artist's page
///       year_pages_over: 300       # artists with more concerts get one page per year
///       collections: [GratefulDead, moe]   # what `sitegen fetch` mirrors (the build reads every folder)
public struct ArchiveSettings: Sendable, Equatable {
    public var newestYearFirst = true
    public var yearPagesOver = 300
    /// The band collections `sitegen fetch` mirrors; the build shows every cached collection.
    public var collections: [String] = []

    public init() {}

    /// Every bad key is reported, not only the first.
    public init(_ mapping: YAMLMapping?, warnings: WarningLog) throws(SitegenError) {
        guard let mapping else { return }
        mapping.warnUnknownKeys(known: ["year_order", "year_pages_over", "collections"], context: "archive settings", into: warnings)
        let problems = ProblemLog()
        var settings = ArchiveSettings()
        problems.attempt { () throws(SitegenError) in
            guard let order = try mapping.string("year_order") else { return }
            switch order {
            case "newest_first": settings.newestYearFirst = true
            case "oldest_first": settings.newestYearFirst = false
            default:
                throw SitegenError("expected `newest_first` or `oldest_first` for `year_order`, found '\(order)'",
                                   at: mapping["year_order"]?.location)
            }
        }
        problems.attempt { () throws(SitegenError) in
            guard let limit = try mapping.int("year_pages_over", in: 1...Int.max, unit: "concerts") else { return }
            settings.yearPagesOver = limit
        }
        problems.attempt { () throws(SitegenError) in
            if let names = try mapping.stringList("collections") { settings.collections = names }
        }
        try problems.throwIfAny()
        self = settings
    }
}
