import Foundation

/// External links taken from cached data. Escaping makes text safe in an attribute, but not a
/// `javascript:` URL in an href: only http(s) URLs pass.
enum WebLink {
    /// `text` when it is an absolute http(s) URL without white space; nil otherwise.
    static func http(_ text: String?) -> String? {
        guard let text = text?.trimmed, !text.isEmpty,
              !text.contains(where: { $0.isWhitespace }) else { return nil }
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), text.count > 8 else { return nil }
        return text
    }

    /// A venue website as venues type it ("www.muffathalle.de"): given a scheme when it has none.
    static func website(_ text: String?) -> String? {
        guard let text = text?.trimmed, !text.isEmpty else { return nil }
        if let url = http(text) { return url }
        guard !text.contains(":"), text.contains("."), let host = text.split(separator: "/").first,
              host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
        return http("http://" + text)
    }
}
