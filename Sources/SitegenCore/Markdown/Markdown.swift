import CCmark
import Arena
import Foundation

/// CommonMark to HTML through libcmark, the reference implementation.
///
/// Smart punctuation is on. Raw HTML is replaced by `<!-- raw HTML omitted -->` and
/// `javascript:` links are emptied unless `rawHTML` allows them (cmark's own safe mode).
/// Links and images that start with "/" point into the site, so they are given a prefix:
/// `/images/a.jpg` becomes `../../images/a.jpg` on a post's page, an absolute URL in the feed.
///
/// cmark allocates from the calling thread's arena (see Arena.h), so conversions on
/// different threads share nothing; `html` never calls back out, so one thread never nests them.
public struct Markdown: Sendable {
    public var rawHTML: Bool

    public init(rawHTML: Bool = false) {
        self.rawHTML = rawHTML
    }

    /// No CMARK_OPT_VALIDATE_UTF8: the source is a Swift String, which is always valid UTF-8.
    private var options: Int32 {
        var options = CMARK_OPT_SMART
        if rawHTML { options |= CMARK_OPT_UNSAFE }
        return options
    }

    /// Renders `source`; site-internal URLs ("/…" but not "//…") get `sitePrefix` in front of
    /// their path: "../../" on a page two levels down, "https://example.org/music/" in a feed.
    public func html(_ source: String, sitePrefix: String = "/") -> String {
        // The tree, the iterator and the rendered HTML all live in the arena and go at once
        // here, after the HTML is copied out: no cmark_node_free, no free of the result.
        defer { sitegen_arena_reset() }
        guard let parser = cmark_parser_new_with_mem(options, sitegen_arena_mem()) else { return "" }
        var mayLinkIntoSite = false
        source.withCString { text in
            // The whole text, NULs included: cmark makes each U+FFFD, as CommonMark says (a NUL
            // once silently ended the post).
            let length = source.utf8.count
            mayLinkIntoSite = sitePrefix != "/" && Self.mayHoldLinkDestination(text, length)
            cmark_parser_feed(parser, text, length)
        }
        let document = cmark_parser_finish(parser)
        cmark_parser_free(parser)
        guard let document else { return "" }
        if mayLinkIntoSite { prefixSiteLinks(in: document, with: sitePrefix) }
        guard let rendered = cmark_render_html(document, options) else { return "" }
        // cmark passes control characters through; no page or feed may carry them.
        return InputText.strippingControls(String(cString: rendered))
    }

    /// Whether the text holds "](" or "]:". An inline link or image needs the first (its text
    /// is followed at once by the destination), a reference definition the second, and autolinks
    /// always have a scheme: without either, no URL in the document can start with "/".
    private static func mayHoldLinkDestination(_ text: UnsafePointer<CChar>, _ length: Int) -> Bool {
        var rest = UnsafeRawPointer(text)
        let end = rest + length
        while let found = memchr(rest, Int32(UInt8(ascii: "]")), end - rest) {
            let next = UnsafeRawPointer(found) + 1
            guard next < end else { return false }
            let byte = next.load(as: UInt8.self)
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ":") { return true }
            rest = next
        }
        return false
    }

    /// Puts `sitePrefix` before the path of link and image URLs that point into the site.
    private func prefixSiteLinks(in document: OpaquePointer, with sitePrefix: String) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE,
                  let raw = cmark_node_get_url(node), raw.pointee == CChar(UInt8(ascii: "/")) else { continue }
            // The first byte only rules URLs out; String decides, by Characters as it always has
            // ("/" followed by a combining mark is not a "/").
            let url = String(cString: raw)
            if url.hasPrefix("/"), !url.hasPrefix("//") {
                _ = (sitePrefix + url.dropFirst()).withCString { cmark_node_set_url(node, $0) }
            }
        }
    }
}
