import Foundation
import SitegenCore

/// A news post as the site knows it: front matter read, body kept as markdown. Its page converts
/// the body when it renders, so a rebuild converts only the posts whose pages changed (and the
/// feed's few, which it converts with absolute links whenever the news pages are made).
struct Post: Sendable {
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
    /// The markdown body: converted by the post's page, and with absolute URLs for the few posts in
    /// the feed.
    let markdown: String

    var path: SitePath { .page("news", slug) }
}

/// A tag with its posts, newest first.
struct Tag: Sendable {
    let name: String
    let slug: String
    let posts: [Post]

    var path: SitePath { .page("news", "tags", slug) }
}
