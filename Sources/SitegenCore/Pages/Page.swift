/// One file of the built site: where it goes, how it is made, and what it was made from.
public struct Page: Sendable {
    public enum Body: Sendable {
        /// Rendered through a template (a name under Templates/, without ".mustache") with a
        /// view model: a plain value shaped for that template.
        case template(String, model: any Sendable)
        /// Final text made in code, where a format's rules (RFC 5545 folding) are not a template's job.
        case text(String)
    }

    public var path: SitePath
    public var body: Body
    public var meta: PageMeta
    /// What the page was made from besides its meta and its model (which the fingerprint holds
    /// whole, `recordedFingerprint`): the files a lazy model reads, the settings it uses. The
    /// incremental build re-renders a page only when one of these, its meta or its model changed.
    public var inputs: Set<Dependency>

    /// What the page's fingerprint holds of its body: the text of a text page, the model of a
    /// template page, or what a lazy model knew. With its meta, the fingerprint thus covers every
    /// field the page was made with, whatever `inputs` lists.
    func recordedFingerprint(shared: ModelFingerprint.SharedPartials) -> ModelFingerprint.Recorded {
        switch body {
        case .text(let text): return ModelFingerprint.recorded(text)
        case .template(_, let model): return (model as? LazyModel)?.known ?? ModelFingerprint.recorded(model, shared: shared)
        }
    }

    /// The model the fingerprint was taken from: for a lazy model, what it knows, made again.
    var fingerprintedModel: (any Sendable)? {
        get throws(SitegenError) {
            guard case .template(_, let model) = body else { return nil }
            guard let lazy = model as? LazyModel else { return model }
            return try lazy.make(false)
        }
    }

    public init(path: SitePath, body: Body, meta: PageMeta = PageMeta(), inputs: Set<Dependency> = []) {
        self.path = path
        self.body = body
        self.meta = meta
        self.inputs = inputs
    }

    /// The view model of a template page, made now if it is a `LazyModel`; nil for text pages.
    var viewModel: (any Sendable)? {
        get throws(SitegenError) {
            if case .template(_, let model) = body { return try LazyModel.resolve(model) }
            return nil
        }
    }

    /// A page rendered with `template` and `model`.
    public static func html(_ path: SitePath, template: String, model: any Sendable, meta: PageMeta,
                            inputs: Set<Dependency>) -> Page {
        Page(path: path, body: .template(template, model: model), meta: meta, inputs: inputs)
    }
}

/// A view model made when its page is rendered rather than when the page list is made. A site
/// with a page per recording would otherwise hold hundreds of thousands of models at once; this
/// way each lives only while its page renders, and a page the incremental build skips never
/// makes one. Use it as the `model` of `.template`. Making it may fail (if it reads content
/// again); the page's render then fails with it.
///
/// A page's fingerprint holds its model's (`ModelFingerprint`), which a lazy model cannot give
/// without being made whole. `make(false)` makes what the page shows that is known when the list
/// is made (its heading, its neighbours, what it shares with other pages), `make(true)` the whole
/// model; the rest must come from the content files the page's inputs name. The fingerprint of
/// the known part is taken when the page is listed, and the part is not kept: a site with a page
/// per recording would otherwise hold a model per recording until its page renders.
public struct LazyModel: Sendable {
    let make: @Sendable (_ whole: Bool) throws(SitegenError) -> any Sendable
    let known: ModelFingerprint.Recorded

    /// `known` is `make(false)`, already made (most pages need it for their title).
    public init(known: any Sendable, _ make: @escaping @Sendable (_ whole: Bool) throws(SitegenError) -> any Sendable) {
        self.known = ModelFingerprint.recorded(known)
        self.make = make
    }

    /// The model itself, for any model.
    static func resolve(_ model: any Sendable) throws(SitegenError) -> any Sendable {
        guard let lazy = model as? LazyModel else { return model }
        return try lazy.make(true)
    }
}

/// What the layout needs to know of a page besides its view model.
public struct PageMeta: Sendable {
    /// The document title before " · site title"; nil on the home page.
    public var title: String?
    public var description: String?
    /// The navigation key of the section the page belongs to ("news", "archive", …).
    public var section: String?
    /// Listed in sitemap.xml.
    public var inSitemap: Bool
    /// Links from the site root rather than relative to the page: for 404.html, which a server
    /// shows at any depth.
    public var rootRelativeLinks: Bool
    /// The page's share image (og:image): an absolute URL, or nil for the site's default.
    public var image: String?
    /// When the page's content last changed, as a day (YYYY-MM-DD): its sitemap `<lastmod>`.
    public var lastModified: String?

    public init(title: String? = nil, description: String? = nil, section: String? = nil,
                inSitemap: Bool = true, rootRelativeLinks: Bool = false, image: String? = nil, lastModified: String? = nil) {
        self.title = title
        self.description = description
        self.section = section
        self.inSitemap = inSitemap
        self.rootRelativeLinks = rootRelativeLinks
        self.image = image
        self.lastModified = lastModified
    }
}

/// One thing a page can be made from. Compared by key, so sets of them are cheap to digest.
public enum Dependency: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A file under Content/, by its path relative to Content/ ("news/2026-11-20-hello.md").
    case content(String)
    /// Every file under a folder of Content/ (a listing changes when a file is added or removed).
    case contentFolder(String)
    /// Every file under a folder of Content/, by content (a post that sizes its images by the
    /// files in static/, whichever it names).
    case contentFiles(String)
    /// A site.yml setting, by key ("title", "news.page_size", "charts").
    case setting(String)
    /// A template rendered from Swift rather than from another template: the partial of a
    /// `CachedPartial` ("partials/post-summary"), with every template it reaches.
    case template(String)
    /// A value computed from many inputs, by name and a fingerprint of its content: a week's
    /// chart depends on the week before it (the movement), not on every week's file.
    case derived(String, fingerprint: String)

    public var description: String {
        switch self {
        case .content(let path): return "content:\(path)"
        case .contentFolder(let path): return "folder:\(path)"
        case .contentFiles(let path): return "files:\(path)"
        case .setting(let key): return "setting:\(key)"
        case .template(let name): return "template:\(name)"
        case .derived(let name, let fingerprint): return "derived:\(name)=\(fingerprint)"
        }
    }

    public static func < (lhs: Dependency, rhs: Dependency) -> Bool { lhs.description < rhs.description }
}
