import Mustache

/// What the layout reads on every page, next to the page's own view model.
public struct SiteChrome: Sendable {
    public let title: String
    public let description: String
    public let baseURL: String
    public let language: String
    /// `og:locale` ("en_GB"), from `language`; nil when the language alone does not say the region.
    public let ogLocale: String?
    /// The locale dates and numbers are formatted in, as a BCP 47 tag ("en-GB", "de-DE"): the
    /// page scripts format theirs with it (`data-locale`), as the build formats its own.
    public let locale: String
    public let generator: String
    /// The site has a search page (`search:` in site.yml): the header shows its box.
    public let search: Bool

    public init(config: SiteConfig, generator: String) {
        title = config.title
        description = config.description
        baseURL = config.baseURL
        language = config.localization.code
        ogLocale = OpenGraphLocale.of(config.localization.code)
        locale = config.localization.locale.identifier.replacingOccurrences(of: "_", with: "-")
        self.generator = generator
        search = config.search.enabled
    }
}

/// The page's own entries for the layout: its document title, canonical URL and description.
public struct PageChrome: Sendable {
    /// The page's own title; nil for a page titled by the site's alone (the home page). The
    /// layout makes the document title of it and the site's.
    public let heading: String?
    public let canonical: String
    public let description: String
    public let section: String?
    /// The title shared links show (Open Graph, Twitter cards): the page's title, or the site's.
    public let shareTitle: String
    /// The share image, absolute: the page's own, else the site's `share_image`; nil for none.
    public let image: String?
    /// "summary_large_image" with an image, "summary" without.
    public let twitterCard: String
}

/// One link of the site navigation, as the layout shows it on one page.
public struct NavLink: Sendable {
    public let title: String
    public let href: String
    public let current: Bool
}

/// The object a page template is rendered with: the page's view model first, then the names
/// every page has (`root`, `site`, `page`, `nav`, `cached`, `strings`). A view model never needs to carry
/// site-wide values, so one cell model serves every page it appears on. The build date is not
/// among them: a page that shows it carries it in its model, whose fingerprint then holds it.
/// It sits at the bottom of the engine's context stack, and every tag that reaches it (`{{root}}`
/// in each link) casts it: a struct of one reference, so the engine's `Any` holds it without a
/// box, a cast copies one reference, and a failed cast is not asked whether it is Foundation's
/// box for a Swift value (see `TemplateFields`). `{{.}}` at a template's top level prints it:
/// as nothing, like a flattened struct, where the default description would show the address
/// of its storage, which differs from run to run.
struct RenderContext: MustacheParent, CustomStringConvertible {
    private final class Storage {
        /// The view model, flattened (see `TemplateValues`); cast once here rather than on every
        /// lookup that reaches the bottom of the stack.
        let model: MustacheParent?
        let root: PrintedText
        /// `SiteChrome`, `PageChrome` and the `NavLink`s, flattened likewise.
        let site: Any?
        let page: Any?
        let nav: Any?
        let cached: CachedPartials?
        /// The words of the site's language (`SiteStrings`), flattened once per build.
        let strings: Any?

        init(model: MustacheParent?, root: PrintedText, site: Any?, page: Any?, nav: Any?, cached: CachedPartials?, strings: Any?) {
            self.model = model
            self.root = root
            self.site = site
            self.page = page
            self.nav = nav
            self.cached = cached
            self.strings = strings
        }
    }

    private let storage: Storage

    init(model: Any?, root: String, site: Any?, page: PageChrome?, nav: Any?, cached: CachedPartials?, strings: Any?) {
        storage = Storage(model: model as? MustacheParent, root: PrintedText(root), site: site,
                          page: page.flatMap { TemplateValues.plain.flatten($0) }, nav: nav, cached: cached, strings: strings)
    }

    var description: String { "" }

    func child(named name: String) -> Any? {
        if let value = storage.model?.child(named: name) { return value }
        switch name {
        case "root": return storage.root
        case "site": return storage.site
        case "page": return storage.page
        case "nav": return storage.nav
        case "cached": return storage.cached
        case "strings": return storage.strings
        default: return nil
        }
    }

    /// What every page has (`root`, `site`, …, even where a page lacks one: a cached partial
    /// has no `page`) and what its model declares.
    func declaresChild(named name: String) -> Bool {
        switch name {
        case "root", "site", "page", "nav", "cached", "strings": return true
        default: return storage.model?.declaresChild(named: name) == true
        }
    }
}

/// `{{{cached.header}}}`: `partials/header` rendered once for each link depth and site section
/// and then reused, as Hugo's `partialCached`. The layout's header, navigation and footer are
/// the same on thousands of pages, so rendering them for each page is work thrown away. A cached
/// partial sees `root`, `site` and `nav` only: nothing of the page, which would differ.
/// (Mustache allows no `/` in a variable's name, hence only partials directly in `partials/`.)
/// A struct for the reason `RenderContext` is one, and printed as nothing likewise.
struct CachedPartials: MustacheParent, CustomStringConvertible {
    /// The HTML of a template, or nil when there is no such template.
    private let render: (String) -> String?

    init(render: @escaping (String) -> String?) { self.render = render }

    var description: String { "" }

    func child(named name: String) -> Any? { render(Self.template(name)).map(PrintedText.init) }

    /// The prefix of the variable that names a cached partial.
    static let prefix = "cached."

    /// The template `cached.<name>` renders.
    static func template(_ name: String) -> String { "partials/" + name }
}
