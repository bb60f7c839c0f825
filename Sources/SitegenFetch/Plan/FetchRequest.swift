import Foundation

/// The services `sitegen fetch` asks; each has its own rate limit, key and base URL.
public enum API: String, Sendable, CaseIterable, Comparable {
    case archive, lastfm, songkick
    /// The cover and picture files Last.fm's answers link (its image host, not its API).
    case images

    /// The name in progress lines, the summary and failure messages.
    public var displayName: String {
        switch self {
        case .archive: "archive.org"
        case .lastfm: "Last.fm"
        case .songkick: "Songkick"
        case .images: "images"
        }
    }

    /// The query parameter that carries the key (archive.org needs none).
    var keyParameter: String? {
        switch self {
        case .archive, .images: nil
        case .lastfm: "api_key"
        case .songkick: "apikey"
        }
    }

    /// The real service, replaced by `--archive-url`, `--lastfm-url`, `--songkick-url`.
    public var defaultBaseURL: URL {
        switch self {
        case .archive: URL(string: "https://archive.org/")!
        case .lastfm: URL(string: "https://ws.audioscrobbler.com/2.0/")!
        case .songkick: URL(string: "https://api.songkick.com/api/3.0/")!
        case .images: URL(string: "https://lastfm.freetls.fastly.net/")!
        }
    }

    public static func < (lhs: API, rhs: API) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a good answer to a request looks like, so that an error body or an answer of another
/// shape is never cached as if it were the data.
public enum Expectation: Sendable, Hashable {
    /// A Last.fm answer: an object with this top-level key (`user`, `weeklychartlist`, …).
    case lastfm(String)
    /// A Songkick `resultsPage`.
    case songkick
    /// An archive.org scrape page (`items`).
    case archiveSearch
    /// An archive.org `/metadata/<identifier>` answer about this identifier; `{}` means "no
    /// such item".
    case archiveItem(String)
    /// A PNG, JPEG, GIF or WebP file; 404 and 410 mean "no such image".
    case image
}

/// One GET: the URL without its key (the key is added when it is sent, so it is never in a
/// message), the cache file the answer goes to, and what a good answer looks like.
public struct FetchRequest: Sendable, Hashable {
    public let api: API
    public let url: URL
    public let file: CachePath
    public let expects: Expectation
    /// The first page of a listing (a calendar, a collection's items), whose emptying is
    /// checked before it is stored (`EmptiedListing`).
    public var firstOfListing = false

    public init(api: API, url: URL, file: CachePath, expects: Expectation) {
        self.api = api
        self.url = url
        self.file = file
        self.expects = expects
    }

    /// A URL under a service's base: `path` relative to it, the query in the order given.
    static func url(_ base: URL, path: String, query: [(String, String)]) -> URL {
        var components = URLComponents(url: path.isEmpty ? base : base.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        // `+` means a space to PHP and most servers; URLComponents leaves it as is.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }
}
