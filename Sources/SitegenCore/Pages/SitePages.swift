import Foundation

/// The pages that belong to the whole site rather than one section: home, 404, robots.txt and
/// the sitemaps (each section's, and the index of them).
enum SitePages {
    /// The home page: the site's description and each section's block, already rendered, by
    /// section key. Blocks are rendered apart so a section kept from the last build keeps its block.
    static func home(blocks: [String: String], sections: [String]) -> Page {
        assembled(.root, template: "home", blocks: blocks, sections: sections, meta: PageMeta())
    }

    /// A page made of sections' rendered blocks (home, discover), which depends on nothing else.
    /// `sections` are the keys of every section the build knows, with a block or without.
    static func assembled(_ path: SitePath, template: String, blocks: [String: String], sections: [String], meta: PageMeta) -> Page {
        .html(path, template: template, model: HomeModel(blocks: blocks.mapValues(RenderedBlock.init), sections: sections.sorted()),
              meta: meta, inputs: [])
    }

    static func notFound(_ language: SiteLanguage) -> Page {
        .html(.file("404.html"), template: "404", model: NotFoundModel(),
              meta: PageMeta(title: language.text("not_found_title"), inSitemap: false, rootRelativeLinks: true), inputs: [])
    }

    /// robots.txt: every crawler may read everything, and learns where the sitemap index is
    /// (robots.txt lives at a host's root; under a sub-path the host's own file must say it).
    static func robots(config: SiteConfig) -> Page {
        let text = "User-agent: *\nAllow: /\n\nSitemap: \(config.absoluteURL(.file("sitemap.xml")))\n"
        return Page(path: .file("robots.txt"), body: .text(text), meta: PageMeta(inSitemap: false), inputs: [])
    }

    /// The most URLs sitemaps.org allows in one sitemap file.
    public static let urlsPerSitemap = 50_000

    /// The sitemap of one owner of pages (a section, or "site" for the home page): its pages that
    /// ask to be listed, given by their folder ("news/a/"), sorted, in `sitemap-<owner>.xml`, or
    /// past `perFile` URLs in `sitemap-<owner>-1.xml`, `-2`, … (sitemaps.org 0.9). Each section
    /// owns its own: a section kept from the last build keeps its sitemap without listing its
    /// pages again, and a part is rewritten only when its own URLs change.
    /// `lastModified` gives the `<lastmod>` day of the pages that know it (news posts updated).
    static func sitemaps(of owner: String, paths: [String], lastModified: [String: String] = [:], config: SiteConfig,
                         perFile: Int = urlsPerSitemap) -> [Page] {
        let sorted = paths.sorted()
        guard !sorted.isEmpty else { return [] }
        guard sorted.count > perFile else {
            return [sitemap(.file("sitemap-\(owner).xml"), paths: sorted[...], lastModified: lastModified, config: config)]
        }
        return stride(from: 0, to: sorted.count, by: perFile).enumerated().map { number, start in
            sitemap(.file("sitemap-\(owner)-\(number + 1).xml"), paths: sorted[start..<min(start + perFile, sorted.count)],
                    lastModified: lastModified, config: config)
        }
    }

    /// sitemap.xml: the index of every owner's sitemap files ("sitemap-news.xml"), sorted.
    static func sitemapIndex(parts: [String], config: SiteConfig) -> Page {
        let sorted = parts.sorted()
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for part in sorted {
            xml += "  <sitemap><loc>\(HTMLText.escape(config.absoluteURL(.file(part))))</loc></sitemap>\n"
        }
        xml += "</sitemapindex>\n"
        return Page(path: .file("sitemap.xml"), body: .text(xml), meta: PageMeta(inSitemap: false))
    }

    private static func sitemap(_ path: SitePath, paths: ArraySlice<String>, lastModified: [String: String],
                                config: SiteConfig) -> Page {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        xml.reserveCapacity(xml.utf8.count + paths.count * (config.baseURL.utf8.count + 40))
        let base = HTMLText.escape(config.baseURL)
        for path in paths {
            xml += "  <url><loc>"
            xml += base
            xml += HTMLText.escape(path)
            if let day = lastModified[path] {
                xml += "</loc><lastmod>"
                xml += HTMLText.escape(day)
                xml += "</lastmod></url>\n"
            } else {
                xml += "</loc></url>\n"
            }
        }
        xml += "</urlset>\n"
        return Page(path: path, body: .text(xml), meta: PageMeta(inSitemap: false))
    }
}

/// The home page's model: each section's rendered block under its key (`{{#news}}{{{html}}}{{/news}}`);
/// the engine reads it by key (Render/EngineModels.swift).
struct HomeModel: Sendable {
    let blocks: [String: RenderedBlock]
    /// Every section's key, sorted: a template names a section without a block this time
    /// (`{{#events}}` on a site without cities), which is no typo.
    let sections: [String]
}

/// HTML rendered from the site's own templates and view models: safe to insert with `{{{html}}}`.
struct RenderedBlock: Sendable {
    let html: String
}

struct NotFoundModel: Sendable {}
