import Foundation
import Mustache

/// The pages that belong to the whole site rather than one section: home, 404, sitemap.
enum SitePages {
    /// The home page: the site's description and one block per section, by section key.
    static func home(blocks: [String: HomeBlock]) -> Page {
        let inputs = blocks.values.reduce(into: Set<Dependency>()) { $0.formUnion($1.inputs) }
        return .html(.root, template: "home", model: HomeModel(blocks: blocks.mapValues(\.model)),
                     meta: PageMeta(), inputs: inputs)
    }

    static func notFound() -> Page {
        .html(.file("404.html"), template: "404", model: NotFoundModel(),
              meta: PageMeta(title: "Page not found", inSitemap: false, rootRelativeLinks: true), inputs: [])
    }

    /// sitemap.xml (sitemaps.org 0.9): every HTML page that asks to be listed, sorted by URL.
    static func sitemap(pages: [Page], config: SiteConfig) -> Page {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in pages.filter({ $0.meta.inSitemap && $0.path.isPage }).map(\.path).sorted() {
            xml += "  <url><loc>\(HTMLText.escape(config.absoluteURL(path)))</loc></url>\n"
        }
        xml += "</urlset>\n"
        let listing = Fingerprint.of(pages.filter { $0.meta.inSitemap && $0.path.isPage }.map(\.path.value).sorted())
        return Page(path: .file("sitemap.xml"), body: .text(xml), meta: PageMeta(inSitemap: false),
                    inputs: [.derived("site/pages", fingerprint: listing)])
    }
}

/// The home page's model: each section's block under its key (`{{#news}}…{{/news}}`).
struct HomeModel: MustacheParent, Sendable {
    let blocks: [String: any Sendable]

    func child(named name: String) -> Any? { blocks[name] }
}

struct NotFoundModel: Sendable {}
