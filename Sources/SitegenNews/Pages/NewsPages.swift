import Foundation
import SitegenCore

/// The pages of the news section: paginated index, one page per post, tag pages, the feed.
struct NewsPages {
    let section: NewsSection
    let config: SiteConfig
    /// Each post's tags as links, and its summary for the lists: made once, shown on many pages.
    private let tagLinks: [String: [TagLinkModel]]
    private let summaries: [String: CachedPartial]
    private let markdown: Markdown

    init(section: NewsSection, config: SiteConfig) {
        self.section = section
        self.config = config
        markdown = Markdown(rawHTML: config.rawHTML)
        var links: [String: TagLinkModel] = [:]
        var tagLinks: [String: [TagLinkModel]] = [:]
        for post in section.posts {
            tagLinks[post.slug] = post.tags.map { name in
                let link = links[name] ?? .to(name)
                links[name] = link
                return link
            }
        }
        self.tagLinks = tagLinks
        summaries = Dictionary(uniqueKeysWithValues: section.posts.map { ($0.slug, PostSummaryModel.cached($0, tags: tagLinks[$0.slug]!, language: config.localization)) })
    }

    private var posts: [Post] { section.posts }

    /// schema.org `BlogPosting` for a post's page: headline, dates, author, its address.
    private func structuredData(_ post: Post) -> String {
        let author = post.author ?? config.author
        return JSONLD.fields([
            "@context": .string("https://schema.org"),
            "@type": .string("BlogPosting"),
            "headline": .string(post.title),
            "description": (post.description ?? post.summary).map(JSONLD.string),
            "datePublished": .string(DateText.rfc3339(post.instant, in: config.timeZone)),
            "dateModified": post.updated.map { .string(DateText.rfc3339($0, in: config.timeZone)) },
            "author": author.map { .fields(["@type": .string("Person"), "name": .string($0)]) },
            "url": .string(config.absoluteURL(post.path)),
            "mainEntityOfPage": .string(config.absoluteURL(post.path)),
            "keywords": post.tags.isEmpty ? nil : .string(post.tags.joined(separator: ", ")),
            "image": (post.image.flatMap { PostLinks.shareImage($0, config: config) } ?? config.shareImageURL).map(JSONLD.string),
        ]).scriptText
    }

    func all() -> [Page] {
        indexPages() + postPages() + tagPages() + [tagsIndex(), feed()] + aliasPages()
    }

    /// Pages of `pageSize` posts: /news/, /news/page/2/, … One page (empty) when there are no posts.
    func indexPages() -> [Page] {
        let size = section.settings.pageSize
        let count = max(1, (posts.count + size - 1) / size)
        let paths = (1...count).map(Self.indexPath)
        let tags = section.tags.map { TagLinkModel(name: $0.name, href: $0.path.value) }
        let inputs: Set<Dependency> = [.template(PostSummaryModel.partial)]
        return (1...count).map { number in
            let slice = posts.dropFirst((number - 1) * size).prefix(size)
            let pagination = count == 1 ? nil : PaginationModel(
                newerHref: number > 1 ? paths[number - 2].value : nil,
                olderHref: number < count ? paths[number].value : nil,
                pages: PaginationModel.window(current: number, count: count).map { shown in
                    guard let shown else { return .init(number: 0, href: "", current: false, gap: true) }
                    return .init(number: shown, href: paths[shown - 1].value, current: shown == number, gap: false)
                })
            let language = config.localization
            let model = NewsIndexModel(heading: number == 1 ? language.text("news_title")
                                           : language.text("news_page_heading", ["page": language.number(number), "pages": language.number(count)]),
                                       posts: slice.map { summaries[$0.slug]! }, pagination: pagination, tags: tags)
            return .html(paths[number - 1], template: "news/index", model: model,
                         meta: PageMeta(title: number == 1 ? language.text("news_title") : language.text("news_page_title", ["page": language.number(number)]),
                                        section: NewsSection.key),
                         inputs: inputs)
        }
    }

    static func indexPath(_ number: Int) -> SitePath {
        number == 1 ? .page("news") : .page("news", "page", String(number))
    }

    /// Each post's body is converted when its page renders (`LazyModel`): a rebuild after one edit
    /// converts that post, not all of them. Site-internal URLs in the body ("/images/a.jpg")
    /// become relative to the post's page.
    func postPages() -> [Page] {
        let (markdown, section, language) = (markdown, section, config.localization)  // what the pages' models hold
        return posts.enumerated().map { index, post in
            let newer = index > 0 ? posts[index - 1] : nil
            let older = index + 1 < posts.count ? posts[index + 1] : nil
            // All but what comes from the post's file alone: its body, its contents and its
            // structured data, made when the page renders.
            let known = PostPageModel(
                title: post.title, date: post.day.description, dateText: language.date(post.day, .long),
                publishedTime: DateText.rfc3339(post.instant, in: config.timeZone),
                updated: post.updatedDay?.description, updatedText: post.updatedDay.map { language.date($0, .long) }, author: post.author,
                summary: post.summary, html: "", toc: [], tags: tagLinks[post.slug]!,
                newer: newer.map { LinkModel(title: $0.title, href: $0.path.value) },
                older: older.map { LinkModel(title: $0.title, href: $0.path.value) }, draft: post.draft, scheduled: post.scheduled, structuredData: "")
            let model = LazyModel(known: known) { (whole: Bool) throws(SitegenError) in
                guard whole else { return known }
                let body = markdown.render(try section.body(of: post), sitePrefix: post.path.rootPrefix, imageSize: section.imageSize)
                var model = known
                model.html = body.html
                // The table of contents lists the sections and their subsections (h2, h3); an
                // empty heading ("## ") would be a link with no text.
                model.toc = post.toc ? body.headings.filter { (2...3).contains($0.level) && !$0.text.trimmed.isEmpty }
                    .map { TocEntryModel(href: "#" + $0.id, text: $0.text, sub: $0.level == 3) } : []
                model.structuredData = structuredData(post)
                return model
            }
            let image = post.image.flatMap { PostLinks.shareImage($0, config: config) }
            return .html(post.path, template: "news/post", model: model,
                         meta: PageMeta(title: post.title, description: post.description ?? post.summary, section: NewsSection.key,
                                        image: image, lastModified: post.updatedDay?.description),
                         inputs: Set([.content(post.source), .setting("markdown.raw_html"), .setting("author")])
                            .union(post.images ? [.contentFiles("static")] : []))
        }
    }

    func tagPages() -> [Page] {
        section.tags.map { tag in
            let model = TagPageModel(name: tag.name, count: config.localization.count("posts", tag.posts.count),
                                     posts: tag.posts.map { summaries[$0.slug]! })
            return .html(tag.path, template: "news/tag", model: model,
                         meta: PageMeta(title: config.localization.text("tag_title", ["tag": tag.name]), section: NewsSection.key),
                         inputs: [.template(PostSummaryModel.partial)])
        }
    }

    func tagsIndex() -> Page {
        let model = TagsIndexModel(tags: section.tags.map { .init(name: $0.name, href: $0.path.value, count: $0.posts.count) })
        return .html(.page("news", "tags"), template: "news/tags", model: model,
                     meta: PageMeta(title: config.localization.text("tags_title"), section: NewsSection.key), inputs: [])
    }

    /// Atom 1.0: the newest posts with full content, converted with absolute links when the feed
    /// renders. `updated` is the newest post's date, so the feed only changes when the posts do.
    func feed() -> Page {
        let zone = config.timeZone
        let newest = Array(posts.prefix(section.settings.feedSize))
        // The feed changed when its newest entry did: the latest of the entries' dates and updates.
        let latest = newest.map { max($0.instant, $0.updated ?? $0.instant) }
        let updated = DateText.rfc3339(latest.max() ?? Date(timeIntervalSince1970: 0), in: zone)
        let entries = newest.map { post in
            FeedModel.Entry(title: post.title, url: config.absoluteURL(post.path), id: config.absoluteURL(post.path),
                            published: DateText.rfc3339(post.instant, in: zone), updated: DateText.rfc3339(post.updated ?? post.instant, in: zone),
                            author: post.author, summary: post.summary, html: "", categories: post.tags)
        }
        // All but the entries' bodies, which come from their files when the feed renders.
        let known = FeedModel(title: config.title, subtitle: config.description, id: config.absoluteURL(.page("news")),
                              selfURL: config.absoluteURL(.file("feed.xml")), siteURL: config.baseURL, updated: updated,
                              author: config.author ?? config.title, entries: entries)
        let (siteURL, markdown, section) = (config.baseURL, markdown, section)
        let model = LazyModel(known: known) { (whole: Bool) throws(SitegenError) in
            guard whole else { return known }
            var entries = known.entries
            for index in entries.indices {
                entries[index].html = markdown.html(try section.body(of: newest[index]), sitePrefix: siteURL, pageURL: entries[index].url)
            }
            var model = known
            model.entries = entries
            return model
        }
        let inputs = Set(newest.map { Dependency.content($0.source) }).union([.setting("markdown.raw_html")])
        return .html(.file("feed.xml"), template: "feed", model: model, meta: PageMeta(inSitemap: false), inputs: inputs)
    }

    /// A small page at each old address of a post (`aliases:`) that sends the browser to the post:
    /// a canonical link for search engines, a meta refresh and a plain link for everyone else.
    /// Not listed in the sitemap.
    func aliasPages() -> [Page] {
        posts.flatMap { post in
            post.aliases.compactMap { alias -> Page? in
                guard let path = PostLinks.aliasPath(alias, config: config) else { return nil }
                let model = AliasPageModel(title: post.title, href: path.rootPrefix + post.path.value,
                                           canonical: config.absoluteURL(post.path))
                // The post's file: the model holds all the page shows, but a clash of this address
                // with another page is reported by the content files of both.
                return .html(path, template: "news/alias", model: model,
                             meta: PageMeta(title: post.title, section: NewsSection.key, inSitemap: false),
                             inputs: [.content(post.source)])
            }
        }
    }
}
