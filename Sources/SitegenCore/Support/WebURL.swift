/// URLs taken from cached data, checked before they become an `href` or a `src`. Escaping makes
/// text safe inside an attribute, but not a `javascript:` or `data:` URL in one: only absolute
/// http(s) URLs pass (the site's own links are made by the build, never read from data).
public enum WebURL {
    /// `text` when it is an absolute http(s) URL without white space or control characters; nil otherwise.
    public static func http(_ text: String?) -> String? {
        guard let text = text?.trimmed, !text.isEmpty,
              !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), text.count > 8 else { return nil }
        return text
    }

    /// A website as people type it ("www.muffathalle.de"): given a scheme when it has none.
    public static func website(_ text: String?) -> String? {
        guard let text = text?.trimmed, !text.isEmpty else { return nil }
        if let url = http(text) { return url }
        guard !text.contains(":"), text.contains("."), let host = text.split(separator: "/").first,
              host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
        return http("http://" + text)
    }
}

extension JSONCursor {
    /// The http(s) URL at `key` (`WebURL.http`); a value there that is not one is dropped with a
    /// warning naming the file and the JSON path, so a hostile link never silently vanishes.
    public func webURL(_ key: String, warnings: WarningLog) -> String? {
        self[key].webURL(warnings: warnings)
    }

    /// This value as an http(s) URL, or nil (with a warning when it was text that is not one).
    public func webURL(warnings: WarningLog) -> String? {
        guard let text = self.text else { return nil }
        if let url = WebURL.http(text) { return url }
        warnings.add("expected an http(s) URL, found '\(Self.shown(text))'; the link is left out", at: location)
        return nil
    }

    /// A venue's website (`WebURL.website`), with the same warning.
    public func website(_ key: String, warnings: WarningLog) -> String? {
        let value = self[key]
        guard let text = value.text else { return nil }
        if let url = WebURL.website(text) { return url }
        warnings.add("expected a website address, found '\(Self.shown(text))'; the link is left out", at: value.location)
        return nil
    }

    /// Text from data as a message may quote it: control characters dropped, at most 80 characters.
    static func shown(_ text: String) -> String {
        let clean = InputText.strippingControls(text)
        return clean.count > 80 ? String(clean.prefix(80)) + "…" : clean
    }
}
