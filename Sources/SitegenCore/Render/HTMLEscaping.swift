import Mustache

/// How `{{value}}` is escaped in every template: the same five entities as swift-mustache's
/// HTML content type, found byte by byte. swift-mustache's own escaping walks the text Character
/// by Character through a dictionary, for every value of every page; byte-wise it is also exact
/// where a combining mark follows `<` or `&` (one Character, which it left unescaped).
struct HTMLEscaping: MustacheContentType {
    func escapeText(_ text: String) -> String { HTMLText.escape(text) }

    /// swift-mustache escapes with its built-in HTML type unless a template names another, so
    /// every template is parsed with this line in front (a standalone tag, it outputs nothing).
    /// A site owner's own `{{% CONTENT_TYPE: TEXT }}` further down still takes over.
    static var pragma: String {
        _ = registered
        return "{{% CONTENT_TYPE: SITEGEN_HTML }}\n"
    }

    /// Lines `pragma` adds in front of a template, taken off line numbers in parse errors.
    static let pragmaLines = 1

    private static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: "SITEGEN_HTML")
}
