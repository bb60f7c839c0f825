import Foundation
import SitegenCore

/// A news post as the site knows it: its front matter. The body is read from the file again
/// when the post's page or the feed renders (`NewsSection.body(of:)`), so a rebuild converts and
/// reads only the posts whose pages changed, and a post kept from an earlier build (`FileMemo`)
/// is a few short strings.
struct Post: Sendable, Equatable {
    /// Content-relative path of the markdown file ("news/2026-11-20-hello.md").
    let source: String
    let slug: String
    let title: String
    let instant: Date
    let day: LocalDate
    let tags: [String]
    let summary: String?
    let author: String?
    let draft: Bool
    /// Dated after the build date: listed only in a build with --drafts, and marked there.
    /// Set after reading (`NewsSection.posts`), not kept in the memo: it follows the date.
    var scheduled = false
    /// When the post was last changed (`updated:` / `lastmod:`), if it says.
    var updated: Date? = nil
    var updatedDay: LocalDate? = nil
    /// The meta description (`description:`), if it has one apart from its summary.
    var description: String? = nil
    /// The share image as written: a site path ("/images/a.jpg") or an http(s) URL.
    var image: String? = nil
    /// Old addresses that redirect here (`aliases:`), as written.
    var aliases: [String] = []
    /// Front matter keys the site does not know, for the section's one warning per key.
    var unknownKeys: [FrontMatter.UnknownKey] = []
    /// `toc: true` in the front matter.
    var toc = false
    /// The body may show an image (`Markdown.mayHoldImage`): its page is sized by static/'s files.
    var images = false
    /// The body as the search index reads it, when search indexes posts (`PostText`): each
    /// term of its plain text once, and its opening words, the snippet of a post without a
    /// summary. Made when the post is read, so a rebuild reads no other post's body for it.
    var bodyTerms = ""
    var opening: String? = nil

    var path: SitePath { .page("news", slug) }
}

/// A post as the memo file keeps it between builds: its fields, the instants to the bit, then
/// its lists, each one field of fields.
extension Post: MemoText {
    var memoText: String {
        func optional(_ text: String?) -> String { text.map { "+" + $0 } ?? "-" }
        func bits(_ date: Date) -> String { String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16) }
        let flags = [draft ? "draft" : nil, toc ? "toc" : nil, images ? "images" : nil].compactMap { $0 }.joined(separator: " ")
        return MemoFields.join([source, slug, title, bits(instant), day.description, optional(summary), optional(author),
                                flags, optional(updated.map { bits($0) + " " + (updatedDay ?? day).description }), optional(description), optional(image),
                                MemoFields.join(tags), MemoFields.join(aliases),
                                MemoFields.join(unknownKeys.map {
                                    MemoFields.join([$0.key, $0.location.file, String($0.location.line ?? 0), String($0.location.column ?? 0)])
                                }), bodyTerms, optional(opening)])
    }

    init?(memoText: String) {
        let fields = MemoFields.split(memoText)
        guard fields.count == 16, let day = LocalDate(iso: fields[4][...]) else { return nil }
        func optional(_ field: String) -> String?? {
            field == "-" ? .some(nil) : field.hasPrefix("+") ? .some(String(field.dropFirst())) : nil
        }
        func date(_ field: String) -> Date? { UInt64(field, radix: 16).map { Date(timeIntervalSinceReferenceDate: Double(bitPattern: $0)) } }
        guard let instant = date(fields[3]), let summary = optional(fields[5]), let author = optional(fields[6]),
              let updatedBits = optional(fields[8]), let description = optional(fields[9]), let image = optional(fields[10]) else { return nil }
        var unknownKeys: [FrontMatter.UnknownKey] = []
        guard let opening = optional(fields[15]) else { return nil }
        for field in MemoFields.split(fields[13]) where !field.isEmpty {
            let parts = MemoFields.split(field)
            guard parts.count == 4, let line = Int(parts[2]), let column = Int(parts[3]) else { return nil }
            unknownKeys.append(.init(key: parts[0], location: SourceLocation(file: parts[1], line: line, column: column)))
        }
        let updatedParts = updatedBits?.split(separator: " ").map(String.init) ?? []
        let updated = updatedParts.count == 2 ? date(updatedParts[0]) : nil
        let updatedDay = updatedParts.count == 2 ? LocalDate(iso: updatedParts[1][...]) : nil
        guard updatedBits == nil || (updated != nil && updatedDay != nil) else { return nil }
        func list(_ field: String) -> [String] { field.isEmpty ? [] : MemoFields.split(field) }
        let flags = fields[7].split(separator: " ")
        self.init(source: fields[0], slug: fields[1], title: fields[2], instant: instant, day: day, tags: list(fields[11]),
                  summary: summary, author: author, draft: flags.contains("draft"), updated: updated,
                  updatedDay: updatedDay, description: description, image: image,
                  aliases: list(fields[12]), unknownKeys: unknownKeys, toc: flags.contains("toc"), images: flags.contains("images"),
                  bodyTerms: fields[14], opening: opening)
    }
}

/// A tag with its posts, newest first.
struct Tag: Sendable {
    let name: String
    let slug: String
    let posts: [Post]

    var path: SitePath { Self.path(slug: slug) }

    /// The slug of the tag written `name`: spellings that differ in case or accents share it.
    static func slug(for name: String) -> String { Slug.make(name, fallback: "tag") }

    /// The page of the tag whose slug is `slug`.
    static func path(slug: String) -> SitePath { .page("news", "tags", slug) }
}
