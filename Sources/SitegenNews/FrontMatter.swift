import Foundation
import SitegenCore

/// The YAML block between `---` lines at the top of a post, read with strict types.
struct FrontMatter {
    static let knownKeys: Set<String> = ["title", "date", "tags", "summary", "draft", "author", "toc"]

    var title: String
    /// The post's instant, and its calendar day in the site's time zone.
    var date: (instant: Date, day: LocalDate)?
    var tags: [String]
    var summary: String?
    var draft: Bool
    var author: String?
    /// `toc: true`: the post's page lists its sections.
    var toc = false

    /// Reads the front matter at the top of `text`. `file` names the post in messages; line
    /// numbers count from the top of the file.
    static func parse(_ text: String, file: String, timeZone: TimeZone,
                      warnings: WarningLog) throws(SitegenError) -> FrontMatter {
        let yaml = try split(text, file: file).yaml
        let root = try YAMLValue.parse(yaml, file: file, lineOffset: 1).mapping("front matter")
        root.warnUnknownKeys(known: knownKeys, context: "front matter", into: warnings)

        guard let titleValue = root["title"] else {
            throw SitegenError("expected a `title:` in the front matter", at: SourceLocation(file: file, line: 1, column: 1))
        }
        let title = try titleValue.string("title").trimmed
        guard !title.isEmpty else { throw SitegenError("expected a non-empty `title`", at: titleValue.location) }

        var date: (Date, LocalDate)?
        if let value = root["date"] {
            let text = try value.string("date")
            guard let parsed = PostDate.parse(text, timeZone: timeZone) else {
                throw SitegenError("expected a date like 2026-11-20 or a date-time like 2026-11-20T18:30:00+01:00 for `date`, found '\(text)'",
                                   at: value.location)
            }
            date = parsed
        }
        var tags: [String] = []
        for tag in try root.stringList("tags") ?? [] {
            let trimmed = tag.trimmed
            if !trimmed.isEmpty, !tags.contains(trimmed) { tags.append(trimmed) }
        }
        let summary = try root.string("summary")?.trimmed
        return FrontMatter(title: title, date: date, tags: tags, summary: summary?.isEmpty == false ? summary : nil,
                           draft: try root.bool("draft") ?? false, author: try root.string("author"), toc: try root.bool("toc") ?? false)
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
        guard let first = nextLine(), isDelimiter(first) else {
            throw SitegenError("expected front matter: the file must start with a line `---`, then `title:` and `date:`, then `---`",
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
            let sign: Int = zoneText.hasPrefix("-") ? -1 : 1
            let digits = zoneText.dropFirst().replacingOccurrences(of: ":", with: "")
            guard "+-".contains(zoneText.first!), digits.count == 4 || digits.count == 2,
                  let value = Int(digits) else { return nil }
            offset = sign * (digits.count == 4 ? (value / 100) * 3600 + (value % 100) * 60 : value * 3600)
        }
        let instant = Date(timeIntervalSince1970: seconds - Double(offset))
        return (instant, LocalDate(instant, in: timeZone))
    }
}
