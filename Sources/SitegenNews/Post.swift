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

    var path: SitePath { .page("news", slug) }
}

/// A tag with its posts, newest first.
struct Tag: Sendable {
    let name: String
    let slug: String
    let posts: [Post]

    var path: SitePath { .page("news", "tags", slug) }
}
