import Arena
import CCmark
import Foundation

extension Markdown {
    /// The words a reader sees in `source`, as plain text for the search index: text, code and
    /// the descriptions of images and links, with a space between blocks and for each line
    /// break; raw HTML left out. Read from libcmark's tree, the parser the pages are made with.
    public func plainText(_ source: String) -> String {
        defer { sitegen_arena_reset() }
        guard let parser = cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, sitegen_arena_mem()) else { return "" }
        source.withCString { cmark_parser_feed(parser, $0, source.utf8.count) }
        let document = cmark_parser_finish(parser)
        cmark_parser_free(parser)
        guard let document, let iterator = cmark_iter_new(document) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text: [UInt8] = []
        text.reserveCapacity(source.utf8.count)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                if let literal = cmark_node_get_literal(node) {
                    text.append(contentsOf: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
                }
                if type == CMARK_NODE_CODE_BLOCK { text.append(UInt8(ascii: " ")) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text.append(UInt8(ascii: " "))
            default:
                // The end of a block (a paragraph, a heading, an item): inline nodes such as
                // emphasis end inside a word ("un*believ*able") and add nothing.
                if event == CMARK_EVENT_EXIT, type.rawValue < CMARK_NODE_FIRST_INLINE.rawValue { text.append(UInt8(ascii: " ")) }
            }
        }
        return InputText.strippingControls(String(decoding: text, as: UTF8.self))
    }
}
