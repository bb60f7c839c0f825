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
    /// `toc: true` in the front matter.
    var toc = false

    var path: SitePath { .page("news", slug) }
}

/// A post as the memo file keeps it between builds: its fields, the instant to the bit, then its
/// tags, each a field of its own.
extension Post: MemoText {
    var memoText: String {
        MemoFields.join([source, slug, title, String(instant.timeIntervalSinceReferenceDate.bitPattern, radix: 16), day.description,
                         summary.map { "+" + $0 } ?? "-", author.map { "+" + $0 } ?? "-",
                         [draft ? "draft" : nil, toc ? "toc" : nil].compactMap { $0 }.joined(separator: " ")] + tags)
    }

    init?(memoText: String) {
        let fields = MemoFields.split(memoText)
        guard fields.count >= 8, let bits = UInt64(fields[3], radix: 16), let day = LocalDate(iso: fields[4][...]) else { return nil }
        func optional(_ field: String) -> String?? {
            field == "-" ? .some(nil) : field.hasPrefix("+") ? .some(String(field.dropFirst())) : nil
        }
        guard let summary = optional(fields[5]), let author = optional(fields[6]) else { return nil }
        self.init(source: fields[0], slug: fields[1], title: fields[2], instant: Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)),
                  day: day, tags: Array(fields[8...]), summary: summary, author: author,
                  draft: fields[7].split(separator: " ").contains("draft"), toc: fields[7].split(separator: " ").contains("toc"))
    }
}

/// A tag with its posts, newest first.
struct Tag: Sendable {
    let name: String
    let slug: String
    let posts: [Post]

    var path: SitePath { .page("news", "tags", slug) }
}
