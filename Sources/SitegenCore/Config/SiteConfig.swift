import Foundation

/// The site-wide settings of `Content/site.yml`. Each section (archive, charts, events) reads
/// its own mapping under its key, kept here unread as `sectionSettings`.
public struct SiteConfig: Sendable {
    public var title: String
    public var description: String
    /// Always ends with "/": "https://example.org/music/".
    public var baseURL: String
    public var language: String
    /// The words (Templates/strings/) and the date and number formats of `language`; set by
    /// the build once the templates folder is known (English formats and no words until then).
    public var localization = SiteLanguage()
    public var timeZone: TimeZone
    public var author: String?
    /// `markdown.raw_html`: HTML written in markdown is kept rather than left out.
    public var rawHTML: Bool
    /// `share_image`: the image shared links show for pages without one of their own, as
    /// written: an absolute URL or a path in the site ("images/share.png"); nil for none.
    public var shareImage: String?
    /// `shareImage`'s file under static/, when it is a path in the site: the build warns when
    /// there is no such file (every page would name a missing image).
    public var shareImageFile: String?
    /// `search:`: the search page and what its index holds.
    public var search = SearchSettings()
    /// The mappings under section keys (`archive:`, `charts:`, …), read by their sections.
    public var sectionSettings: [String: YAMLMapping]
    /// The whole file as read, for the fingerprints of settings pages depend on.
    public var root: YAMLMapping?
    /// False when site.yml has no `base_url`: `build` then stops (its canonical links, feed and
    /// sitemap would point at the placeholder), unless `--base-url` gives one.
    public var hasBaseURL = false
    /// The largest file the build reads (`limits.max_file_mb`).
    public var maxFileBytes = SiteConfig.defaultMaxFileBytes

    /// Far above any real cached answer, post or image, far below what a hostile file (a link to
    /// /dev/zero, a runaway download) would cost in memory.
    public static let defaultMaxFileBytes = 256 << 20
    /// site.yml itself is read before its limit is known.
    static let maxSettingsBytes = 1 << 20

    public init(title: String = "sitegen", description: String = "", baseURL: String = "http://localhost:8000/",
                language: String = "en", timeZone: TimeZone = TimeZone(identifier: "UTC")!, author: String? = nil,
                rawHTML: Bool = false,
                sectionSettings: [String: YAMLMapping] = [:], root: YAMLMapping? = nil) {
        self.title = title
        self.description = description
        self.baseURL = baseURL
        self.language = language
        self.timeZone = timeZone
        self.author = author
        self.rawHTML = rawHTML
        self.sectionSettings = sectionSettings
        self.root = root
    }

    /// The path part of base_url: "/music/" for "https://example.org/music/", "/" at a host's root.
    /// It stays percent-encoded as written ("/my%20site/"): it is put into links as it is, where
    /// a decoded space or "#" would break them.
    public var basePath: String {
        guard let path = URLComponents(string: baseURL)?.percentEncodedPath, !path.isEmpty else { return "/" }
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// `share_image` as an absolute URL (a path in the site joined to base_url, which the
    /// command line may have replaced).
    public var shareImageURL: String? {
        guard let shareImage else { return nil }
        return shareImage.hasPrefix("http://") || shareImage.hasPrefix("https://") ? shareImage : baseURL + shareImage
    }

    /// An absolute URL for a site path: "https://example.org/music/news/".
    public func absoluteURL(_ path: SitePath) -> String { baseURL + path.value }

    /// The value of a setting as written ("news.page_size", "charts"), or "" when it is not set:
    /// what a page that depends on `.setting(key)` is fingerprinted with.
    public func settingText(_ key: String) -> String {
        var mapping = root
        var value: YAMLValue?
        for part in key.split(separator: ".") {
            value = mapping?[String(part)]
            mapping = value.flatMap { try? $0.mapping(key) }
        }
        return value?.canonicalText ?? ""
    }

    /// The settings every page shows through the layout, and that every section's data is read
    /// with (the time zone): when one changes, everything is rebuilt.
    public var siteWideText: String {
        [title, description, baseURL, language, timeZone.identifier, shareImage ?? "", search.enabled ? "search" : "",
         localization.strings.digest, localization.locale.identifier].joined(separator: "\u{1}")
    }
}

/// Why a text cannot be a site's base URL.
public struct BaseURLFault: Sendable, Equatable {
    /// What is wrong beyond what `SiteConfig.baseURLExpected` says (a user name in it, a file
    /// name at the end of its path); nil when that says it all (no http(s), a query).
    public let detail: String?

    /// What follows "found '…'" in a message: ": " and the detail, or nothing.
    public var suffix: String { detail.map { ": " + $0 } ?? "" }
}

extension SiteConfig {
    // `fetch` holds `sitegen fetch`'s rate limits (the build never reads it); `limits` the
    // build's bounds on hostile input (README "When input is bad").
    static let coreKeys: Set<String> = ["title", "description", "base_url", "language", "time_zone", "author",
                                        "markdown", "share_image", "search", "fetch", "limits"]

    /// Reads site.yml. `sectionKeys` are the keys the registered sections own.
    public static func load(_ url: URL, displayPath: String, sectionKeys: Set<String>,
                            warnings: WarningLog, problems: ProblemLog? = nil) throws(SitegenError) -> SiteConfig {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SitegenError("cannot read the site settings; create it with at least `title:` and `base_url:`",
                               at: SourceLocation(file: displayPath))
        }
        // Read before `limits.max_file_mb` is known, so that setting does not apply to it: the
        // message says so rather than pointing at it.
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size > maxSettingsBytes {
            throw SitegenError("site.yml holds \(size) bytes; a settings file may hold at most \(maxSettingsBytes) (1 MiB), "
                               + "whatever `limits.max_file_mb` says", at: SourceLocation(file: displayPath))
        }
        let data = try FileBytes.read(url.path, displayPath: displayPath, limit: maxSettingsBytes)
        return try parse(InputText.decode(data, file: displayPath, warnings: warnings), file: displayPath, sectionKeys: sectionKeys,
                         warnings: warnings, problems: problems)
    }

    /// A base URL as every absolute link is made from it, ending in "/"; nil when it cannot be
    /// one (`baseURLFault` says why).
    public static func checkedBaseURL(_ text: String) -> String? {
        guard baseURLFault(text) == nil else { return nil }
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// Why `text` cannot be a base URL; nil when it can be one. site.yml's `base_url` and
    /// `--base-url` are held to the same rule, since every absolute link (canonical links, the
    /// feed, the sitemaps, robots.txt) is the base URL with a path after it, written as it is:
    /// an http(s) URL with a host; no query or fragment ("…/?utm=1/news/"); no white space or
    /// control character (a line end would start a line of its own in robots.txt); no user name
    /// or password (every page would publish them); a path without empty, `.` or `..` segments
    /// (links keep them as written: "//music/news/"), whose last segment, when it does not end
    /// in "/", is no file name ("…/index.html/news/").
    public static func baseURLFault(_ text: String) -> BaseURLFault? {
        if text.trimmingCharacters(in: .whitespaces).contains(" ") {
            return BaseURLFault(detail: "it has a space, which a URL writes as %20 (https://example.org/my%20music/)")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }),
              !text.contains("?"), !text.contains("#"),
              let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil,
              let slashes = text.range(of: "://") else { return BaseURLFault(detail: nil) }
        let rest = text[slashes.upperBound...]
        let pathStart = rest.firstIndex(of: "/") ?? rest.endIndex
        if rest[..<pathStart].contains("@") {
            return BaseURLFault(detail: "it carries a user name or password, which every canonical link, the feed and robots.txt "
                                + "would publish; give the address visitors use, without them")
        }
        let path = rest[pathStart...]
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if path.hasSuffix("/") { segments = segments.dropLast() }
        // Compared decoded: "%2e%2e" is ".." to a browser.
        let names = segments.map { $0.removingPercentEncoding ?? String($0) }
        if names.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return BaseURLFault(detail: "its path has an empty, `.` or `..` segment, which every link would keep as written; "
                                + "write the path of the site's folder itself, like /music/")
        }
        if !path.hasSuffix("/"), let last = names.last, let dot = last.lastIndex(of: "."), dot != last.startIndex {
            return BaseURLFault(detail: "its path ends in a file name, '\(last)', and every address would be made after it "
                                + "('\(last)/news/'); give the site's folder, like https://example.org/music/ (a folder named so ends in /)")
        }
        return nil
    }

    /// A language code as HTML's `lang` and the strings files want it (BCP 47's usual case):
    /// "de_DE" → "de-DE", "DE" → "de", "zh_hant_tw" → "zh-Hant-TW". A locale name with "_" is
    /// no valid `lang`, and the validator refused every page of a site that wrote one.
    static func languageTag(_ code: String) -> String {
        code.split(whereSeparator: { $0 == "_" || $0 == "-" }).enumerated().map { position, part in
            if position == 0 { return part.lowercased() }
            switch part.count {
            case 2 where part.allSatisfy(\.isLetter): return part.uppercased()
            case 4 where part.allSatisfy(\.isLetter): return part.prefix(1).uppercased() + part.dropFirst().lowercased()
            default: return part.lowercased()
            }
        }.joined(separator: "-")
    }

    /// A path written for a file of `static/` ("/images/a b.jpg", "images/a%20b.jpg"), as the
    /// file is named there ("images/a b.jpg"); nil for a URL, a path that climbs (`..`) or
    /// starts with `//` (another host), and for one without a file name. Links to it are
    /// made by percent-encoding this, never by slugging it: the file keeps its name.
    public static func staticPath(_ written: String) -> String? {
        guard !written.hasPrefix("//"), !written.contains(where: { $0 == "\\" || $0 == "?" || $0 == "#" || $0.isNewline }),
              URL(string: written)?.scheme == nil else { return nil }
        let name = written.removingPercentEncoding ?? written
        let parts = name.split(separator: "/")
        guard !parts.isEmpty, !name.hasSuffix("/"), !parts.contains(where: { $0 == ".." || $0 == "." }),
              !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        return parts.joined(separator: "/")
    }

    /// What `checkedBaseURL` accepts, for messages; a `BaseURLFault`'s detail follows the URL found.
    public static let baseURLExpected = "an absolute http(s) URL without ? or #, like https://example.org/ or https://example.org/music/"

    /// Reads every key, each problem of one apart from the others': with `problems`, they are
    /// added there and the settings that could be read returned (a build goes on to report its
    /// sections' problems in the same run); without, they are thrown together. A file that is
    /// not a YAML mapping is thrown either way.
    public static func parse(_ text: String, file: String, sectionKeys: Set<String>,
                             warnings: WarningLog, problems: ProblemLog? = nil) throws(SitegenError) -> SiteConfig {
        let root = try YAMLValue.parse(text, file: file).mapping("site settings")
        root.warnUnknownKeys(known: coreKeys.union(sectionKeys), context: "site.yml", into: warnings)
        let log = problems ?? ProblemLog()
        func read(_ work: () throws(SitegenError) -> Void) { _ = log.attempt(work) }

        var config = SiteConfig(root: root)
        read { () throws(SitegenError) in if let title = try root.string("title") { config.title = title } }
        read { () throws(SitegenError) in if let description = try root.string("description") { config.description = description } }
        read { () throws(SitegenError) in if let author = try root.string("author") { config.author = author } }
        read { () throws(SitegenError) in
            if let value = root["language"] {
                // It names a file under Templates/strings/, so it is a language code and nothing else.
                let language = try value.string("language")
                guard language.wholeMatch(of: /[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*/) != nil else {
                    throw SitegenError("expected a language code like en, de or pt-BR for `language`, found '\(language)'", at: value.location)
                }
                config.language = Self.languageTag(language)
            }
        }
        read { () throws(SitegenError) in
            if let value = root["base_url"] {
                let text = try value.string("base_url").trimmingCharacters(in: .whitespaces)
                guard let baseURL = Self.checkedBaseURL(text) else {
                    throw SitegenError("expected \(Self.baseURLExpected) for `base_url`, found '\(text)'" + (Self.baseURLFault(text)?.suffix ?? ""),
                                       at: value.location)
                }
                config.baseURL = baseURL
                config.hasBaseURL = true
            }
        }
        read { () throws(SitegenError) in
            if let value = root["share_image"] {
                let text = try value.string("share_image").trimmingCharacters(in: .whitespaces)
                if let url = URL(string: text), let scheme = url.scheme {
                    guard ["http", "https"].contains(scheme), url.host != nil else {
                        throw SitegenError("expected an http(s) URL or a path in the site like images/share.png for `share_image`, found '\(text)'",
                                           at: value.location)
                    }
                    config.shareImage = text
                } else if !text.isEmpty {
                    guard let path = Self.staticPath(text) else {
                        throw SitegenError("expected a path in the site like images/share.png for `share_image`, found '\(text)'", at: value.location)
                    }
                    config.shareImage = PercentEncoding.encodedPath(path)
                    config.shareImageFile = path
                }
            }
        }
        read { () throws(SitegenError) in
            if let value = root["time_zone"] {
                let name = try value.string("time_zone")
                guard let zone = TimeZone(identifier: name) else {
                    throw SitegenError("expected a time zone name like Europe/Berlin or America/New_York for `time_zone`, found '\(name)'",
                                       at: value.location)
                }
                config.timeZone = zone
            }
        }
        read { () throws(SitegenError) in
            if let markdown = try root.mapping("markdown") {
                markdown.warnUnknownKeys(known: ["raw_html"], context: "markdown settings", into: warnings)
                if let raw = try markdown.bool("raw_html") { config.rawHTML = raw }
            }
        }
        read { () throws(SitegenError) in
            if let limits = try root.mapping("limits") {
                limits.warnUnknownKeys(known: ["max_file_mb"], context: "limits settings", into: warnings)
                if let size = try limits.int("max_file_mb", in: 1...65_536, unit: "MB") {
                    config.maxFileBytes = size << 20
                }
            }
        }
        read { () throws(SitegenError) in config.search = try SearchSettings.parse(root["search"], warnings: warnings) }
        for key in sectionKeys.sorted() {
            read { () throws(SitegenError) in if let mapping = try root.mapping(key) { config.sectionSettings[key] = mapping } }
        }
        if problems == nil { try log.throwIfAny() }
        return config
    }
}
