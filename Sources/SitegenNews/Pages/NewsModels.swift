import SitegenCore

/// A post as a line in a list: index pages, tag pages, the home page.
struct PostSummaryModel: Sendable {
    let title: String
    let href: String
    let date: String
    let dateText: String
    let summary: String?
    let tags: [TagLinkModel]
    /// Listed only in a build with --drafts: marked, as on its own page.
    let draft: Bool
    let scheduled: Bool
    /// Listed under a heading of the page's own (the home page's "Latest news"): its title is
    /// a heading one level lower than on the news pages, where it is under the page's `h1`.
    var underHeading = false

    init(_ post: Post, tags: [TagLinkModel], language: SiteLanguage) {
        title = post.title
        draft = post.draft
        scheduled = post.scheduled
        href = post.path.value
        date = post.day.description
        dateText = language.date(post.day, .long)
        summary = post.summary
        self.tags = tags
    }
}

extension PostSummaryModel {
    static let partial = "partials/post-summary"

    /// The summary as a fragment rendered once per build and reused by every list showing it.
    static func cached(_ post: Post, tags: [TagLinkModel], language: SiteLanguage, underHeading: Bool = false) -> CachedPartial {
        var model = PostSummaryModel(post, tags: tags, language: language)
        model.underHeading = underHeading
        return CachedPartial(partial: partial, key: (underHeading ? "h3:" : "") + post.slug, model: model)
    }
}

struct TagLinkModel: Sendable {
    let name: String
    let href: String

    /// The link to the page of the tag `name`.
    static func to(_ name: String) -> TagLinkModel {
        TagLinkModel(name: name, href: Tag.path(slug: Tag.slug(for: name)).value)
    }
}

/// Page numbers under an index: "Newer", "Older", and the first, last and nearby pages, with a
/// gap (…) for the pages left out, so page 250 of 500 does not list 500 links.
struct PaginationModel: Sendable {
    struct PageLink: Sendable {
        let number: Int
        let href: String
        let current: Bool
        /// Stands for the pages left out between its neighbours.
        let gap: Bool
    }

    /// The pages to show around `current` (1-based) of `count`: 1, two either side, `count`.
    static func window(current: Int, count: Int) -> [Int?] {
        var shown: [Int?] = []
        for number in 1...count where number == 1 || number == count || abs(number - current) <= 2 {
            if let last = shown.last, let previous = last, number > previous + 1 { shown.append(nil) }
            shown.append(number)
        }
        return shown
    }

    let newerHref: String?
    let olderHref: String?
    let pages: [PageLink]
}

struct NewsIndexModel: Sendable {
    let heading: String
    let posts: [CachedPartial]
    let pagination: PaginationModel?
    let tags: [TagLinkModel]
}

struct PostPageModel: Sendable {
    let title: String
    let date: String
    let dateText: String
    /// The instant of publication (RFC 3339), as the feed and the structured data give it.
    let publishedTime: String
    /// The day of the last change (`updated:` / `lastmod:`), when the post gives one.
    let updated: String?
    let updatedText: String?
    let author: String?
    let summary: String?
    /// Rendered by libcmark from the site's own markdown: the one field templates print raw.
    var html: String
    /// The post's sections when its front matter asks for a table of contents (`toc: true`).
    var toc: [TocEntryModel]
    let tags: [TagLinkModel]
    let newer: LinkModel?
    let older: LinkModel?
    let draft: Bool
    let scheduled: Bool
    /// schema.org BlogPosting, script-safe JSON (`JSONLD`), placed in the page's head.
    var structuredData: String
}

struct TocEntryModel: Sendable {
    let href: String
    let text: String
    /// A subsection (h3), indented under its section.
    let sub: Bool
}

struct TagPageModel: Sendable {
    let name: String
    let count: String
    let posts: [CachedPartial]
}

struct TagsIndexModel: Sendable {
    struct Entry: Sendable {
        let name: String
        let href: String
        let count: Int
    }

    let tags: [Entry]
}

struct NewsHomeModel: Sendable {
    let posts: [CachedPartial]
    let moreHref: String
}

/// The Atom feed; every URL is absolute.
struct FeedModel: Sendable {
    struct Entry: Sendable {
        let title: String
        let url: String
        let id: String
        let published: String
        let updated: String
        let author: String?
        let summary: String?
        var html: String
        let categories: [String]
    }

    let title: String
    let subtitle: String
    let id: String
    let selfURL: String
    let siteURL: String
    let updated: String
    let author: String
    var entries: [Entry]
}

/// The redirect page at an old address of a post.
struct AliasPageModel: Sendable {
    let title: String
    /// The post, relative to the redirect page.
    let href: String
    let canonical: String
}
