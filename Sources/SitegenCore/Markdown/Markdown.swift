import CCmark
import Foundation

/// CommonMark to HTML through libcmark, the reference implementation.
///
/// Smart punctuation is on. Raw HTML is replaced by `<!-- raw HTML omitted -->` and
/// `javascript:` links are emptied unless `rawHTML` allows them (cmark's own safe mode).
/// Links and images that start with "/" point into the site, so they are given a prefix:
/// `/images/a.jpg` becomes `../../images/a.jpg` on a post's page, an absolute URL in the feed.
public struct Markdown: Sendable {
    public var rawHTML: Bool

    public init(rawHTML: Bool = false) {
        self.rawHTML = rawHTML
    }

    private var options: Int32 {
        var options = CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8
        if rawHTML { options |= CMARK_OPT_UNSAFE }
        return options
    }

    /// Renders `source`; site-internal URLs ("/…" but not "//…") get `sitePrefix` in front of
    /// their path: "../../" on a page two levels down, "https://example.org/music/" in a feed.
    public func html(_ source: String, sitePrefix: String = "/") -> String {
        guard let document = source.withCString({ cmark_parse_document($0, strlen($0), options) }) else { return "" }
        defer { cmark_node_free(document) }
        if sitePrefix != "/" {
            for (node, path) in siteLinks(in: document) {
                _ = (sitePrefix + path).withCString { cmark_node_set_url(node, $0) }
            }
        }
        guard let rendered = cmark_render_html(document, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Link and image nodes whose URL points into the site, with that URL's path after the "/".
    private func siteLinks(in document: OpaquePointer) -> [(OpaquePointer, String)] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var links: [(OpaquePointer, String)] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let raw = cmark_node_get_url(node) else { continue }
            let url = String(cString: raw)
            if url.hasPrefix("/"), !url.hasPrefix("//") { links.append((node, String(url.dropFirst()))) }
        }
        return links
    }

    /// The version of the linked libcmark ("0.30.2").
    public static var libraryVersion: String { String(cString: cmark_version_string()) }
}
