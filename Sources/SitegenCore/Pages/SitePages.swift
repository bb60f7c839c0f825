import Foundation
import Mustache

/// The pages that belong to the whole site rather than one section: home, 404, sitemap.
enum SitePages {
    /// The home page: the site's description and each section's block, already rendered, by
    /// section key. Blocks are rendered apart so a section kept from the last build keeps its block.
    static func home(blocks: [String: String]) -> Page {
        let fingerprint = Fingerprint.of(blocks.keys.sorted().map { "\($0)=\(blocks[$0]!)" })
        return .html(.root, template: "home", model: HomeModel(blocks: blocks.mapValues(RenderedBlock.init)),
                     meta: PageMeta(), inputs: [.derived("home/blocks", fingerprint: fingerprint)])
    }

    static func notFound() -> Page {
        .html(.file("404.html"), template: "404", model: NotFoundModel(),
              meta: PageMeta(title: "Page not found", inSitemap: false, rootRelativeLinks: true), inputs: [])
    }

    /// sitemap.xml (sitemaps.org 0.9): every page that asks to be listed, given by its folder
    /// ("news/a/"), sorted.
    static func sitemap(paths: [String], config: SiteConfig) -> Page {
        let sorted = paths.sorted()
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in sorted {
            xml += "  <url><loc>\(HTMLText.escape(config.baseURL + path))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return Page(path: .file("sitemap.xml"), body: .text(xml), meta: PageMeta(inSitemap: false),
                    inputs: [.derived("site/pages", fingerprint: Fingerprint.of(sorted))])
    }
}

/// The home page's model: each section's rendered block under its key (`{{#news}}{{{html}}}{{/news}}`).
struct HomeModel: MustacheParent, Sendable {
    let blocks: [String: RenderedBlock]

    func child(named name: String) -> Any? { blocks[name] }
}

/// HTML rendered from the site's own templates and view models: safe to insert with `{{{html}}}`.
struct RenderedBlock: Sendable {
    let html: String
}

struct NotFoundModel: Sendable {}
