import Foundation

/// Renders pages with the site owner's templates. Pure: the same page, templates, settings and
/// clock always give the same bytes.
public struct Renderer: Sendable {
    public let templates: TemplateSet
    public let config: SiteConfig
    /// The site chrome, flattened once for every page.
    let site: TemplateFields?
    let navigation: [NavItem]
    /// The navigation as each section's pages show it (the section's link marked current),
    /// flattened once; under "" with no link marked.
    private let navLinks: [String: [TemplateFields]]
    /// `strings`: the words of the site's language, flattened once for every page.
    private let strings: TemplateFields
    let fragments = FragmentCache()

    public init(templates: TemplateSet, config: SiteConfig, navigation: [NavItem], generator: String) {
        self.templates = templates
        self.config = config
        self.site = TemplateValues.plain.flatten(SiteChrome(config: config, generator: generator)) as? TemplateFields
        let items = navigation.sorted { ($0.order, $0.key) < ($1.order, $1.key) }
        self.navigation = items
        var flattened: [String: [TemplateFields]] = [:]
        for current in [""] + items.map(\.key) {
            flattened[current] = items.compactMap { item in
                // Without its strings key (warned of when the site's model is made) the entry
                // shows the key: a link with a name, and one the owner can tell apart.
                let title = config.localization.strings.texts[Self.navigationKey(item.key)] ?? item.key
                return TemplateValues.plain.flatten(NavLink(title: title, href: item.path.value, current: item.key == current)) as? TemplateFields
            }
        }
        navLinks = flattened
        strings = Self.flatten(config.localization.strings.texts)
    }

    /// The strings key that words a navigation entry: `nav_` and the section's key, its "-"
    /// written "_" as strings keys are (on-this-day → nav_on_this_day).
    public static func navigationKey(_ key: String) -> String {
        SiteStrings.navigationPrefix + key.replacingOccurrences(of: "-", with: "_")
    }

    /// "plays.one" → `strings.plays.one`: keys one level down become fields of a field.
    private static func flatten(_ texts: [String: String]) -> TemplateFields {
        var top: [String: Any] = [:]
        var groups: [String: [String: Any]] = [:]
        for (key, text) in texts {
            if let dot = key.firstIndex(of: ".") {
                groups[String(key[..<dot]), default: [:]][String(key[key.index(after: dot)...])] = PrintedText(text)
            } else {
                top[key] = PrintedText(text)
            }
        }
        for (key, group) in groups { top[key] = TemplateFields(group) }
        return TemplateFields(top)
    }

    /// Checks that every template the pages ask for exists, before any is rendered: `users`
    /// names each with the first page rendered with it, for the error.
    public func checkTemplates(_ users: [String: SitePath]) throws(SitegenError) {
        for name in users.keys.sorted() {
            try templates.require(name, for: "pages like \(users[name]!)")
        }
    }

    /// The bytes of one page.
    public func render(_ page: Page) throws(SitegenError) -> String {
        switch page.body {
        case .text(let text):
            return text
        case .template(let name, let model):
            let root = page.meta.rootRelativeLinks ? config.basePath : page.path.rootPrefix
            let chrome = chrome(for: page)
            let flattened = try flattenChecked(try LazyModel.resolve(model), root: root, page: chrome)
            let context = RenderContext(model: flattened, root: root, site: site, page: chrome, nav: nav(current: page.meta.section),
                                        cached: cachedPartials(root: root, section: page.meta.section), strings: strings)
            guard let text = templates.library.render(context, withTemplate: name) else {
                throw SitegenError("the template for \(page.path) is missing: create \(templates.folderName)/\(name).mustache")
            }
            return text
        }
    }

    /// Renders a partial (a section's home block) as it would appear on the page at `path`.
    public func renderFragment(_ template: String, model: any Sendable, at path: SitePath,
                               for purpose: String = "the home page block") throws(SitegenError) -> String {
        try templates.require(template, for: purpose)
        let chrome = chrome(for: Page(path: path, body: .template(template, model: model)))
        let flattened = try flattenChecked(model, root: path.rootPrefix, page: chrome)
        let context = RenderContext(model: flattened, root: path.rootPrefix, site: site, page: chrome, nav: nav(current: nil),
                                    cached: cachedPartials(root: path.rootPrefix, section: nil), strings: strings)
        guard let text = templates.library.render(context, withTemplate: template) else {
            throw SitegenError("the template \(template) is missing")
        }
        return text
    }

    /// Flattens a model, failing when a cached partial names a template that does not exist
    /// (swift-mustache would silently render nothing).
    private func flattenChecked(_ model: any Sendable, root: String, page: PageChrome) throws(SitegenError) -> Any? {
        let missing = MissingTemplates()
        let flattened = values(root: root, page: page, missing: missing).flatten(model)
        if let name = missing.first {
            try templates.require(name, for: "a cached partial")
        }
        return flattened
    }

    /// Flattens view models for a page at a link depth, rendering cached partials on the way.
    private func values(root: String, page: PageChrome, missing: MissingTemplates) -> TemplateValues {
        TemplateValues { partial in
            guard templates.contains(partial.partial) else {
                missing.add(partial.partial)
                return ""
            }
            return fragments.fragment("\(partial.partial)\u{1}\(partial.key)\u{1}\(root)") {
                let context = RenderContext(model: values(root: root, page: page, missing: missing).flatten(partial.model), root: root,
                                            site: site, page: page, nav: nil, cached: nil, strings: strings)
                return templates.library.render(context, withTemplate: partial.partial) ?? ""
            }
        }
    }

    /// `cached.` partials for pages at one link depth in one section. A cached partial cannot
    /// use another (`cached` is empty inside it), so none can render itself without end. Its
    /// last line break is left out: on a line of its own, `{{{cached.header}}}` then gives the
    /// text `{{>partials/header}}` would.
    private func cachedPartials(root: String, section: String?) -> CachedPartials {
        CachedPartials { name in
            guard templates.contains(name) else { return nil }
            return fragments.fragment("\u{2}" + name + "\u{1}" + root + "\u{1}" + (section ?? "")) {
                let context = RenderContext(model: nil, root: root, site: site, page: nil, nav: nav(current: section), cached: nil, strings: strings)
                let text = templates.library.render(context, withTemplate: name) ?? ""
                return text.last == "\n" || text.last == "\r\n" ? String(text.dropLast()) : text
            }
        }
    }

    private func chrome(for page: PageMeta, path: SitePath) -> PageChrome {
        let image = page.image ?? config.shareImageURL
        return PageChrome(heading: page.title, canonical: config.absoluteURL(path),
                          description: page.description ?? config.description, section: page.section,
                          shareTitle: page.title ?? config.title, image: image,
                          // The site's share image is wide (1200 × 630 is asked for); a page's own is
                          // a square cover or photo, which a large card would crop.
                          twitterCard: page.image == nil && image != nil ? "summary_large_image" : "summary")
    }

    private func chrome(for page: Page) -> PageChrome { chrome(for: page.meta, path: page.path) }

    private func nav(current: String?) -> [TemplateFields] { navLinks[current ?? ""] ?? navLinks[""] ?? [] }
}
