import SitegenCore

/// A post as a line in a list: index pages, tag pages, the home page.
struct PostSummaryModel: Sendable {
    let title: String
    let href: String
    let date: String
    let dateText: String
    let summary: String?
    let tags: [TagLinkModel]

    init(_ post: Post) {
        title = post.title
        href = post.path.value
        date = post.day.description
        dateText = DateText.long(post.day)
        summary = post.summary
        tags = post.tags.map { TagLinkModel(name: $0, href: SitePath.page("news", "tags", Slug.make($0, fallback: "tag")).value) }
    }
}

struct TagLinkModel: Sendable {
    let name: String
    let href: String
}

struct LinkModel: Sendable {
    let title: String
    let href: String
}

/// Page numbers under an index: "Newer", "Older" and the list of pages.
struct PaginationModel: Sendable {
    struct PageLink: Sendable {
        let number: Int
        let href: String
        let current: Bool
    }

    let newerHref: String?
    let olderHref: String?
    let pages: [PageLink]
}

struct NewsIndexModel: Sendable {
    let heading: String
    let posts: [PostSummaryModel]
    let pagination: PaginationModel?
    let tags: [TagLinkModel]
}

struct PostPageModel: Sendable {
    let title: String
    let date: String
    let dateText: String
    let author: String?
    let summary: String?
    /// Rendered by libcmark from the site's own markdown: the one field templates print raw.
    let html: String
    let tags: [TagLinkModel]
    let newer: LinkModel?
    let older: LinkModel?
    let draft: Bool
}

struct TagPageModel: Sendable {
    let name: String
    let count: String
    let posts: [PostSummaryModel]
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
    let posts: [PostSummaryModel]
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
        let html: String
        let categories: [String]
    }

    let title: String
    let subtitle: String
    let id: String
    let selfURL: String
    let siteURL: String
    let updated: String
    let author: String
    let entries: [Entry]
}
