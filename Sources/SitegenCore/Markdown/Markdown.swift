import CCmark
import Arena
import Foundation

/// CommonMark to HTML through libcmark, the reference implementation.
///
/// Smart punctuation is on. Raw HTML is replaced by `<!-- raw HTML omitted -->` and
/// `javascript:` links are emptied unless `rawHTML` allows them (cmark's own safe mode).
/// Links and images that start with "/" point into the site, so they are given a prefix:
/// `/images/a.jpg` becomes `../../images/a.jpg` on a post's page, an absolute URL in the feed.
/// In the feed, relative ones (`../other-post/`, `#setlist`) are made absolute too: a feed
/// reader shows the post away from its page, where they would point elsewhere.
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
    /// With `pageURL` (the absolute URL of the post's page, in a feed), relative URLs are
    /// resolved against it.
    public func html(_ source: String, sitePrefix: String = "/", pageURL: String? = nil) -> String {
        render(source, sitePrefix: sitePrefix, pageURL: pageURL).html
    }

    /// A heading of a post: its level, anchor and text (for a table of contents).
    public struct Heading: Sendable, Equatable {
        public let level: Int
        public let id: String
        public let text: String
    }

    /// `html`, with the headings it anchored. With `imageSize`, an image whose URL is a path in
    /// the site ("/images/a.png", looked up as "images/a.png") and whose size it gives gets
    /// `width`, `height` and `loading="lazy"`, so the page does not jump when it arrives; the
    /// others are left as they are.
    public func render(_ source: String, sitePrefix: String = "/", pageURL: String? = nil,
                       imageSize: ((String) -> ImageSize?)? = nil) -> (html: String, headings: [Heading]) {
        // The tree, the iterator and the rendered HTML all live in the arena and go at once
        // here, after the HTML is copied out: no cmark_node_free, no free of the result.
        defer { sitegen_arena_reset() }
        guard let parser = cmark_parser_new_with_mem(options, sitegen_arena_mem()) else { return ("", []) }
        var mayLinkIntoSite = false
        var mayHoldHeading = false
        var mayHoldImage = false
        source.withCString { text in
            // The whole text, NULs included: cmark makes each U+FFFD, as CommonMark says (a NUL
            // once silently ended the post).
            let length = source.utf8.count
            let mayHoldDestination = Self.mayHoldLinkDestination(text, length)
            mayLinkIntoSite = (sitePrefix != "/" || pageURL != nil) && mayHoldDestination
            mayHoldImage = imageSize != nil && mayHoldDestination && Self.mayHoldImage(text, length)
            // ATX headings need a "#", setext ones a line of "=" or "-" under them.
            mayHoldHeading = memchr(text, Int32(UInt8(ascii: "#")), length) != nil
                || strstr(text, "\n=") != nil || strstr(text, "\n-") != nil
            cmark_parser_feed(parser, text, length)
        }
        let document = cmark_parser_finish(parser)
        cmark_parser_free(parser)
        guard let document else { return ("", []) }
        // Before the site's links get their prefix: sizes are looked up by the path as written.
        let images = mayHoldImage ? Self.imageAttributes(in: document, size: imageSize!) : []
        if mayLinkIntoSite { resolveLinks(in: document, sitePrefix: sitePrefix, pageURL: pageURL.flatMap { URL(string: $0) }) }
        let headings = mayHoldHeading ? self.headings(in: document) : []
        guard let rendered = cmark_render_html(document, options) else { return ("", []) }
        // cmark passes control characters through; no page or feed may carry them.
        var html = InputText.strippingControls(String(cString: rendered))
        if images.contains(where: { $0 != nil }), let sized = Self.insert(images, into: html, at: Self.imageTag) { html = sized }
        guard !headings.isEmpty, let withIDs = Self.insert(headings.map(\.id), into: html) else { return (html, []) }
        return (withIDs, headings)
    }

    /// The attributes for each image of the document, in document order: nil for an image
    /// left as it is (not a path in the site, or no size known for it).
    private static func imageAttributes(in document: OpaquePointer, size: (String) -> ImageSize?) -> [String?] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var attributes: [String?] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_IMAGE else { continue }
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let path = url.hasPrefix("/") && !url.hasPrefix("//") ? String(url.dropFirst()) : nil
            attributes.append(path.flatMap(size).map { " width=\"\($0.width)\" height=\"\($0.height)\" loading=\"lazy\"" })
        }
        return attributes
    }

    /// Whether `text` may hold an image: it holds "![", which every image needs.
    public static func mayHoldImage(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in chars.baseAddress.map { mayHoldImage($0, chars.count) } ?? false }
        }
    }

    private static func mayHoldImage(_ text: UnsafePointer<CChar>, _ length: Int) -> Bool {
        var rest = UnsafeRawPointer(text)
        let end = rest + length
        while let found = memchr(rest, Int32(UInt8(ascii: "!")), end - rest) {
            let next = UnsafeRawPointer(found) + 1
            guard next < end else { return false }
            if next.load(as: UInt8.self) == UInt8(ascii: "[") { return true }
            rest = next
        }
        return false
    }

    /// Each heading's anchor, in document order: a slug of its text from the libcmark tree
    /// (text and code spans, so "The `build` command" is "the-build-command"), unique within the
    /// post ("notes", "notes-2"). The same text gives the same id on every build, so links to
    /// a section keep working; "main" is the layout's and never a heading's.
    private func headings(in document: OpaquePointer) -> [Heading] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var headings: [Heading] = []
        var registry = SlugRegistry(reserved: ["main"])
        var text: String?
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HEADING {
                if event == CMARK_EVENT_ENTER {
                    text = ""
                } else {
                    let words = text ?? ""
                    headings.append(Heading(level: Int(cmark_node_get_heading_level(node)),
                                            id: registry.claim(Slug.make(words, fallback: "section")), text: words))
                    text = nil
                }
            } else if text != nil, event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE,
                      let literal = cmark_node_get_literal(node) {
                text! += String(cString: literal)
            }
        }
        return headings
    }

    /// Gives the rendered headings their ids: libcmark writes each as a bare `<h1>`…`<h6>`, in
    /// document order. When the count differs (raw HTML with headings of its own, allowed by
    /// `raw_html`), nil: no anchors rather than anchors on the wrong headings.
    static func insert(_ ids: [String], into html: String) -> String? {
        insert(ids.map { " id=\"" + HTMLText.escape($0) + "\"" }, into: html, at: headingTag)
    }

    /// Where `<h1>`…`<h6>` at `index` takes attributes: before its ">".
    private static func headingTag(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        index + 3 < bytes.count && bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "h")
            && (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[index + 2]) && bytes[index + 3] == UInt8(ascii: ">") ? index + 3 : nil
    }

    /// Where libcmark's `<img src=…` at `index` takes attributes: after "<img". Nothing else in
    /// its HTML starts so: text and code escape "<", and raw HTML (which could) is omitted
    /// unless `raw_html` allows it, when a count that differs leaves every image as it is.
    private static func imageTag(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        index + 4 < bytes.count && bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "i")
            && bytes[index + 2] == UInt8(ascii: "m") && bytes[index + 3] == UInt8(ascii: "g") && bytes[index + 4] == UInt8(ascii: " ") ? index + 4 : nil
    }

    /// Inserts the n-th attribute text (nil: none) where `tag` finds the n-th tag of the HTML,
    /// found on the bytes: the document's whole HTML passes here, and Regex read it far slower
    /// than cmark wrote it. Nil when the number of tags differs from the number of attributes.
    private static func insert(_ attributes: [String?], into html: String,
                               at tag: (UnsafeBufferPointer<UInt8>, Int) -> Int?) -> String? {
        var html = html
        return html.withUTF8 { bytes -> String? in
            guard let base = bytes.baseAddress else { return attributes.isEmpty ? "" : nil }
            var offsets: [Int] = []
            var index = 0
            while index < bytes.count, let found = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - index) {
                index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                if let offset = tag(bytes, index) {
                    offsets.append(offset)
                    index = offset + 1
                } else {
                    index += 1
                }
            }
            guard offsets.count == attributes.count else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + attributes.count * 40)
            var position = 0
            for (offset, text) in zip(offsets, attributes) {
                guard let text else { continue }
                result.append(contentsOf: bytes[position..<offset])
                result.append(contentsOf: text.utf8)
                position = offset
            }
            result.append(contentsOf: bytes[position...])
            return String(decoding: result, as: UTF8.self)
        }
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

    /// Puts `sitePrefix` before the path of link and image URLs that point into the site, and
    /// resolves relative ones against `pageURL` when it is given.
    private func resolveLinks(in document: OpaquePointer, sitePrefix: String, pageURL: URL?) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let raw = cmark_node_get_url(node),
                  pageURL != nil || raw.pointee == CChar(UInt8(ascii: "/")) else { continue }
            // The first byte only rules URLs out; String decides, by Characters as it always has
            // ("/" followed by a combining mark is not a "/").
            let url = String(cString: raw)
            if url.hasPrefix("//") { continue }
            if url.hasPrefix("/") {
                _ = (sitePrefix + url.dropFirst()).withCString { cmark_node_set_url(node, $0) }
            } else if let pageURL, !url.isEmpty, let relative = URL(string: url), relative.scheme == nil,
                      let resolved = URL(string: url, relativeTo: pageURL)?.absoluteString {
                _ = resolved.withCString { cmark_node_set_url(node, $0) }
            }
        }
    }
}
