import Foundation
import SitegenCore

/// News posts from `Content/news/*.md`: markdown with YAML front matter, newest first.
public struct NewsSection: Section {
    public static let key = "news"
    /// The posts, and static/, whose images posts show with their sizes.
    public static var inputFolders: [String] { [key, "static"] }
    public static var contentHint: String? { "posts go in news/" }

    let posts: [Post]
    let tags: [Tag]
    let settings: NewsSettings
    /// Where the posts were read from, to read their bodies again (`body(of:)`).
    let content: LoadContext

    /// Always a section, even with no posts: the layout links the feed and the news index from
    /// every page, so both exist (with an honest empty state) on a site without posts.
    public static func load(_ context: LoadContext) throws(SitegenError) -> NewsSection? {
        // A bad setting is listed with the posts' problems, not instead of them: the defaults
        // stand in while the posts are read.
        let problems = ProblemLog()
        let settings = problems.attempt { () throws(SitegenError) in try NewsSettings(context.settings(for: key), warnings: context.warnings) }
        let posts = problems.attempt { () throws(SitegenError) in try Self.posts(context) }
        try problems.throwIfAny()
        // Here, not where a post is read: that is kept from build to build (`FileMemo`) by the
        // post's own bytes, and the file in static/ may come or go meanwhile.
        for post in posts ?? [] {
            guard let written = post.image, let path = SiteConfig.staticPath(written), !context.exists("static/" + path) else { continue }
            context.warnings.add("`image` names static/\(path), which does not exist: shared links would show a missing image",
                                 at: SourceLocation(file: context.displayPath(post.source)))
        }
        return NewsSection(posts: posts ?? [], tags: groupTags(posts ?? [], context: context), settings: settings ?? NewsSettings(), content: context)
    }

    /// The size of an image in static/ that a post's markdown names by its path in the site
    /// ("images/a.png", "images/my%20deck.png"): read as a front matter `image` is
    /// (`SiteConfig.staticPath`). nil for a path that is not one inside static/, a hidden or
    /// refused file (never published), or a file that is not an image of a known type.
    func imageSize(_ written: String) -> ImageSize? {
        guard let path = SiteConfig.staticPath(written), !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
              !content.isRefused("static/" + path) else { return nil }
        return ImageSize.ofFile(content.url("static/" + path).path)
    }

    /// A post's markdown body, read from its file again.
    func body(of post: Post) throws(SitegenError) -> String {
        try FrontMatter.split(Self.text(of: post.source, context: content), file: content.displayPath(post.source)).body
    }

    public func pages(_ context: PageContext) -> [Page] {
        NewsPages(section: self, config: context.config).all()
    }

    public var navigation: NavItem? { NavItem(key: Self.key, path: .page("news"), order: 10) }

    public func homeBlock(_ context: PageContext) -> HomeBlock? {
        let latest = posts.prefix(5)
        let summaries = latest.map { PostSummaryModel.cached($0, tags: $0.tags.map(TagLinkModel.to), language: context.config.localization,
                                                         underHeading: true) }
        return HomeBlock(model: NewsHomeModel(posts: summaries, moreHref: SitePath.page("news").value))
    }
}
