import Foundation
import SitegenCore
import Testing

/// `{{{cached.name}}}`: a partial rendered once per link depth and section, and reused.
@Suite("Cached partials")
struct CachedPartialsTests {
    struct Model: Sendable {
        let title: String
    }

    let renderer: Renderer

    init() throws {
        let templates = try TemplateSet(sources: [
            "page": "<h1>{{title}}</h1>\n{{{cached.nav}}}\n<p>{{{cached.nav}}}</p>",
            "partials/nav": "{{#nav}}<a href=\"{{root}}{{href}}\"{{#current}} aria-current=\"page\"{{/current}}>{{title}}</a>{{/nav}}[{{page.title}}{{title}}]\n",
        ])
        renderer = Renderer(templates: templates, config: SiteConfig(title: "T", baseURL: "https://example.org/").english,
                            navigation: [NavItem(key: "news", path: .page("news"), order: 1),
                                         NavItem(key: "events", path: .page("events"), order: 2)],
                            generator: "test")
    }

    func render(_ path: SitePath, section: String?, title: String) throws -> String {
        try renderer.render(Page(path: path, body: .template("page", model: Model(title: title)),
                                 meta: PageMeta(title: title, section: section)))
    }

    @Test func eachDepthAndSectionGetsItsOwnAndThePageIsNotSeen() throws {
        let news = try render(.page("news", "a"), section: "news", title: "A")
        #expect(news == """
            <h1>A</h1>
            <a href="../../news/" aria-current="page">News</a><a href="../../events/">Concerts</a>[]
            <p><a href="../../news/" aria-current="page">News</a><a href="../../events/">Concerts</a>[]</p>
            """)
        // Another page of the section at the same depth reuses it; the page's own title never shows.
        #expect(try render(.page("news", "b"), section: "news", title: "B") == news.replacingOccurrences(of: "<h1>A</h1>", with: "<h1>B</h1>"))
        // Another section, and another depth, are rendered for themselves.
        #expect(try render(.page("events", "c"), section: "events", title: "C").contains(
            "<a href=\"../../news/\">News</a><a href=\"../../events/\" aria-current=\"page\">Concerts</a>[]"))
        #expect(try render(.page("news"), section: "news", title: "N").contains("<a href=\"../news/\" aria-current=\"page\">News</a>"))
    }
}
