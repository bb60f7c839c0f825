import Foundation
import SitegenCore

/// The YAML block between `---` lines at the top of a post, read with strict types. Besides
/// its own keys it reads those Hugo and Jekyll posts carry (`slug`, `lastmod`, `categories`,
/// `aliases`, `redirect_from`, …) so a migrated site keeps its addresses. Public for the fuzz
/// targets (`SitegenFuzzing`), which read hostile text through it; its fields are the section's.
public struct FrontMatter {
    static let knownKeys: Set<String> = ["title", "date", "tags", "summary", "draft", "author", "slug", "updated", "lastmod",
                                         "description", "image", "aliases", "redirect_from", "categories", "toc"]

    var title: String
    /// The post's instant, and its calendar day in the site's time zone.
    var date: (instant: Date, day: LocalDate)?
    var tags: [String]
    var summary: String?
    var draft: Bool
    var author: String?
    /// `slug:`, made safe: it replaces the slug taken from the file name.
    var slug: String?
    /// `updated:` or `lastmod:` (Hugo's name).
    var updated: (instant: Date, day: LocalDate)?
    var description: String?
    /// `image:` as written: a site path ("/images/a.jpg") or an http(s) URL.
    var image: String?
    /// Old addresses of the post (`aliases:`, Hugo; `redirect_from:`, Jekyll's plugin), as written.
    var aliases: [String]
    /// Keys the site does not know, with where each was first seen: the news section warns
    /// once per key for all posts, not once per post (a migration brings the same keys in every file).
    var unknownKeys: [UnknownKey]
    /// `toc: true`: the post's page lists its sections.
    var toc = false

    struct UnknownKey: Sendable, Equatable {
        let key: String
        let location: SourceLocation
    }

    /// Reads the front matter at the top of `text`. `file` names the post in messages; line
    /// numbers count from the top of the file.
    public static func parse(_ text: String, file: String, timeZone: TimeZone) throws(SitegenError) -> FrontMatter {
        let yaml = try split(text, file: file).yaml
        let root = try YAMLValue.parse(yaml, file: file, lineOffset: 1).mapping("front matter")
        let unknownKeys = root.unknownKeys(known: knownKeys).map { UnknownKey(key: $0.key, location: $0.location) }

        guard let titleValue = root["title"] else {
            if let written = root.location(of: "title") { throw SitegenError("expected a non-empty `title`", at: written) }
            throw SitegenError("expected a `title:` in the front matter", at: SourceLocation(file: file, line: 1, column: 1))
        }
        let title = try titleValue.string("title").trimmed
        guard !title.isEmpty else { throw SitegenError("expected a non-empty `title`", at: titleValue.location) }

        func readDate(_ key: String) throws(SitegenError) -> (Date, LocalDate)? {
            guard let value = root[key] else { return nil }
            let text = try value.string(key)
            guard let parsed = PostDate.parse(text, timeZone: timeZone) else {
                throw SitegenError("expected a date like 2026-11-20 or a date-time like 2026-11-20T18:30:00+01:00 for `\(key)`, found '\(text)'",
                                   at: value.location)
            }
            return parsed
        }
        func readText(_ key: String) throws(SitegenError) -> String? {
            guard let text = try root.string(key)?.trimmed, !text.isEmpty else { return nil }
            return text
        }
        var tags: [String] = []
        for tag in try names("tags", in: root) + names("categories", in: root) {
            let trimmed = tag.trimmed
            if !trimmed.isEmpty, !tags.contains(trimmed) { tags.append(trimmed) }
        }
        let slug = try readText("slug").map { Slug.make($0, fallback: "post") }
        let aliases = try (root.stringList("aliases") ?? []) + (root.stringList("redirect_from") ?? [])
        let updated = try readDate("updated")
        let lastmod = try readDate("lastmod")
        return FrontMatter(title: title, date: try readDate("date"), tags: tags, summary: try readText("summary"),
                           draft: try root.bool("draft") ?? false, author: try root.string("author"), slug: slug,
                           updated: updated ?? lastmod, description: try readText("description"),
                           image: try readText("image"), aliases: aliases.map { $0.trimmed }.filter { !$0.isEmpty },
                           unknownKeys: unknownKeys, toc: try root.bool("toc") ?? false)
    }

    /// `tags:` or `categories:` (read as tags) as a list, or as one text of names: separated by
    /// commas when it has any ("live, iceland", as a Hugo user writes two tags), else by spaces
    /// (Jekyll's "jekyll update"). The keys are read alike: a post moved from one generator to
    /// the other means the same tags by either.
    private static func names(_ key: String, in root: YAMLMapping) throws(SitegenError) -> [String] {
        guard let value = root[key] else { return [] }
        // A null (`tags:`, `~`) is no names, not a name "~".
        let items = try value.stringList(key)
        guard case .scalar = value.node else { return items }
        return items.flatMap { text in
            text.contains(",") ? text.split(separator: ",").map(String.init) : text.split(whereSeparator: \.isWhitespace).map(String.init)
        }
    }

    /// The YAML between the `---` lines at the top of `text`, and the body after them.
    static func split(_ text: String, file: String) throws(SitegenError) -> (yaml: String, body: String) {
        // Lines are found byte by byte (a newline is one byte in UTF-8), up to the closing `---`;
        // the front matter and the body are each taken as one slice.
        let bytes = text.utf8
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.index(bytes.startIndex, offsetBy: 3) : bytes.startIndex
        func nextLine() -> Range<String.Index>? {
            guard position < bytes.endIndex else { return nil }
            let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.endIndex
            defer { position = end < bytes.endIndex ? bytes.index(after: end) : end }
            return position..<end
        }
        func isDelimiter(_ line: Range<String.Index>) -> Bool { text[line].trimmed == "---" }
        let opening = nextLine()
        guard let first = opening, isDelimiter(first) else {
            // Hugo's default: say what to do rather than only what was expected.
            if let opening, text[opening].trimmed == "+++" {
                throw SitegenError("front matter in TOML (`+++`) is not read: write it as YAML between `---` lines (title: \"…\", date: …)",
                                   at: SourceLocation(file: file, line: 1, column: 1))
            }
            throw SitegenError("expected front matter: the file must start with a line `---`, then `title:` (and `date:`, unless the file name starts with the date), then `---`",
                               at: SourceLocation(file: file, line: 1, column: 1))
        }
        let yamlStart = position
        var yamlEnd: String.Index?
        while let line = nextLine() {
            if isDelimiter(line) {
                yamlEnd = line.lowerBound
                break
            }
        }
        guard let yamlEnd else {
            throw SitegenError("front matter is not closed: expected a line `---` after it",
                               at: SourceLocation(file: file, line: 1, column: 1))
        }
        return (String(text[yamlStart..<yamlEnd]), String(text[position...]))
    }
}

/// Dates in front matter: a day ("2026-11-20", the start of that day in the site's zone) or a
/// date-time with or without a zone ("2026-11-20T18:30:00+01:00", "2026-11-20 18:30").
enum PostDate {
    static func parse(_ text: String, timeZone: TimeZone) -> (Date, LocalDate)? {
        let text = text.trimmed
        guard text.count >= 10, let day = LocalDate(iso: text.prefix(10)) else { return nil }
        var rest = text.dropFirst(10)
        if rest.isEmpty { return (day.startInstant(in: timeZone), day) }
        guard rest.first == "T" || rest.first == " " else { return nil }
        rest = rest.dropFirst()
        let clock = rest.prefix { $0.isNumber || $0 == ":" || $0 == "." }
        let parts = clock.split(separator: ":").map(String.init)
        guard parts.count == 2 || parts.count == 3, parts[0].count == 2, parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60 else { return nil }
        let second = parts.count == 3 ? (Double(parts[2]) ?? -1) : 0
        guard second >= 0, second < 61 else { return nil }
        let seconds = Double(day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60) + second.rounded(.down)
        let zoneText = rest.dropFirst(clock.count).trimmed
        let offset: Int
        if zoneText.isEmpty {
            // No zone: a wall-clock time in the site's zone.
            let guess = Date(timeIntervalSince1970: seconds)
            offset = timeZone.secondsFromGMT(for: guess.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: guess))))
        } else if zoneText == "Z" || zoneText == "z" {
            offset = 0
        } else {
            // RFC 3339's offset: hours 00–23, minutes 00–59 ("+99:00" is no zone on Earth).
            let sign: Int = zoneText.hasPrefix("-") ? -1 : 1
            let digits = zoneText.dropFirst().replacingOccurrences(of: ":", with: "")
            guard "+-".contains(zoneText.first!), digits.count == 4 || digits.count == 2,
                  digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else { return nil }
            let (hours, minutes) = digits.count == 4 ? (value / 100, value % 100) : (value, 0)
            guard hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        let instant = Date(timeIntervalSince1970: seconds - Double(offset))
        return (instant, LocalDate(instant, in: timeZone))
    }
}
