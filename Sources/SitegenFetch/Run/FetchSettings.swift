import SitegenArchive
import SitegenCharts
import SitegenCore
import SitegenEvents

/// What `sitegen fetch` reads from site.yml: the sections' own keys for what to fetch
/// (`archive.collections`, `charts.listeners`, `events.metros`), and its politeness under `fetch:`:
/// ```yaml
/// fetch:
///   timeout_seconds: 30       # whole seconds without a byte: the try has failed
///   attempts: 5               # tries per request, the first included
///   archive:  {requests_per_second: 2, concurrency: 2}
///   lastfm:   {requests_per_second: 4, concurrency: 2}   # Last.fm allows 5 a second per key
///   songkick: {requests_per_second: 2, concurrency: 2}
///   images:   {requests_per_second: 4, concurrency: 2}   # album covers, artist pictures, avatars
/// ```
public struct FetchSettings: Sendable {
    public var collections: [String] = []
    public var listeners: [String] = []
    public var metros: [Int] = []
    public var limits: [API: HostLimits] = Self.defaultLimits
    public var timeoutSeconds: Double = 30
    public var attempts = 5
    /// `limits.max_file_mb`: no answer larger than the build reads is stored.
    public var maxFileBytes = SiteConfig.defaultMaxFileBytes

    public static let defaultLimits: [API: HostLimits] = [
        .archive: HostLimits(requestsPerSecond: 2, concurrency: 2),
        .lastfm: HostLimits(requestsPerSecond: 4, concurrency: 2),
        .songkick: HostLimits(requestsPerSecond: 2, concurrency: 2),
        .images: HostLimits(requestsPerSecond: 4, concurrency: 2),
    ]

    public init() {}

    /// Reads the settings out of a loaded site.yml; wrong types are errors naming the line,
    /// every one of them, not only the first.
    public init(_ config: SiteConfig, warnings: WarningLog) throws(SitegenError) {
        let problems = ProblemLog()
        var settings = FetchSettings()
        settings.maxFileBytes = config.maxFileBytes
        problems.attempt { () throws(SitegenError) in
            settings.collections = try ArchiveSettings(config.sectionSettings[ArchiveSection.key], warnings: WarningLog()).collections
        }
        problems.attempt { () throws(SitegenError) in
            let charts = try ChartsSettings(config.sectionSettings[ChartsSection.key], warnings: WarningLog())
            settings.listeners = charts.listeners?.map(\.user) ?? []
        }
        problems.attempt { () throws(SitegenError) in
            let events = try EventsSettings(config.sectionSettings[EventsSection.key], warnings: WarningLog())
            settings.metros = events.metros?.map(\.id) ?? []
        }
        problems.attempt { () throws(SitegenError) in try settings.readFetchBlock(config, warnings: warnings, problems: problems) }
        try problems.throwIfAny()
        self = settings
    }

    /// The `fetch:` block: timeouts, attempts, and each service's rate and width.
    private mutating func readFetchBlock(_ config: SiteConfig, warnings: WarningLog, problems: ProblemLog) throws(SitegenError) {
        guard let fetch = try config.root?.mapping("fetch") else { return }
        fetch.warnUnknownKeys(known: Set(["timeout_seconds", "attempts"] + API.allCases.map(\.rawValue)),
                              context: "fetch settings", into: warnings)
        if let value = fetch["timeout_seconds"] {
            problems.attempt { () throws(SitegenError) in
                // Whole seconds, as site.yml's other durations are.
                // Bounded: the deadlines are reckoned in nanoseconds from it.
                timeoutSeconds = Double(try value.int("timeout_seconds", in: 1...3_600, unit: "seconds"))
            }
        }
        if let value = fetch["attempts"] {
            problems.attempt { () throws(SitegenError) in
                attempts = try value.int("attempts", in: 1...20)
            }
        }
        for api in API.allCases {
            guard let mapping = problems.attempt({ () throws(SitegenError) in try fetch.mapping(api.rawValue) }) ?? nil else { continue }
            mapping.warnUnknownKeys(known: ["requests_per_second", "concurrency"], context: "fetch.\(api.rawValue) settings", into: warnings)
            if let value = mapping["requests_per_second"] {
                problems.attempt { () throws(SitegenError) in limits[api]!.requestsPerSecond = try Self.positive(value, "requests_per_second") }
            }
            if let value = mapping["concurrency"] {
                problems.attempt { () throws(SitegenError) in
                    limits[api]!.concurrency = try value.int("concurrency", in: 1...16)
                }
            }
        }
    }

    private static func positive(_ value: YAMLValue, _ key: String) throws(SitegenError) -> Double {
        let text = try value.string(key)
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number > 0, number.isFinite else {
            throw SitegenError("expected a number above 0 for `\(key)`, found '\(text)'", at: value.location)
        }
        return number
    }
}
