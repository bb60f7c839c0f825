import Foundation

/// Text from outside that may hold markup (archive descriptions, reviews, Last.fm wikis) made
/// safe as plain text: tags stripped, entities decoded, line breaks kept. The result is still
/// escaped by the template like any other text, so no markup from the data reaches a page.
public enum HTMLText {
    /// `onlyHTMLTags` for a field that is plain text but may hold a stray tag (`<br>`, `<b>`):
    /// a name in angle brackets that no HTML element has (`<SBD>`, `<>`) is kept as text.
    public static func plainText(_ html: String, onlyHTMLTags: Bool = false) -> String {
        let text = holds(UInt8(ascii: "<"), html) ? stripTags(html, onlyHTMLTags: onlyHTMLTags) : html
        var decoded = decodeEntities(text)
        // After decoding: "&#13;\n" is a Windows line end too.
        if holds(0x0D, decoded) { decoded = decoded.replacingOccurrences(of: "\r\n", with: "\n") }
        // Collapse runs of blank lines and trailing spaces that stripped markup leaves behind: each
        // line trimmed, no more than one blank line in a row. On the bytes (every description,
        // review and source of the archive passes here): a line whose edges are ASCII is trimmed of
        // ASCII white space; one with other characters at its edges (a no-break space, a
        // combining mark) is trimmed by characters, as `trimmed` does.
        var output: [UInt8] = []
        output.reserveCapacity(decoded.utf8.count)
        decoded.withUTF8 { bytes in
            var blank = 0
            var joined = false
            var start = 0
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                var low = start
                var high = end
                while low < high, isASCIISpace(bytes[low]) { low += 1 }
                while high > low, isASCIISpace(bytes[high - 1]) { high -= 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[low..<high])
                var byCharacters: String?
                if let first = line.first, let last = line.last, first >= 0x80 || last >= 0x80 {
                    byCharacters = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).trimmed
                }
                blank = (byCharacters.map(\.isEmpty) ?? line.isEmpty) ? blank + 1 : 0
                if blank <= 1 {
                    if joined { output.append(0x0A) }
                    joined = true
                    if var byCharacters {
                        byCharacters.withUTF8 { output.append(contentsOf: $0) }
                    } else {
                        output.append(contentsOf: line)
                    }
                }
                start = end + 1
            }
        }
        return String(decoding: output, as: UTF8.self).trimmed
    }

    /// Whether `text` holds `byte`, looked for in its contiguous bytes.
    private static func holds(_ byte: UInt8, _ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? text.utf8.contains(byte)
    }

    /// The ASCII bytes that are white space: tab, line feed, vertical tab, form feed, carriage
    /// return and space (the other control characters are not).
    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Drops tags, keeping a line break where a block or `<br>` was. Works on the UTF-8 bytes
    /// (every description, review and source of the archive passes here) and gives what a walk by
    /// characters gives: a "<" or ">" byte counts only when it is a character of its own (not
    /// the start of "<" with a combining mark), and a tag name with other than ASCII in it is
    /// read by characters.
    static func stripTags(_ html: String, onlyHTMLTags: Bool = false) -> String {
        let source = Array(html.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(source.count)
        // Whether the ASCII byte at `offset` is a character on its own. Only a scalar beyond ASCII
        // can join it: one that prepends to it before, or a combining mark or joiner after; and
        // whether two scalars make one character depends on those two alone.
        func standsAlone(_ offset: Int) -> Bool {
            let byte = Unicode.Scalar(source[offset])
            if offset > 0, source[offset - 1] >= 0x80 {
                var start = offset - 1
                while start > 0, source[start] & 0xC0 == 0x80 { start -= 1 }
                if let previous = String(decoding: source[start..<offset], as: UTF8.self).unicodeScalars.first,
                   String(String.UnicodeScalarView([previous, byte])).count == 1 { return false }
            }
            if offset + 1 < source.count, source[offset + 1] >= 0x80,
               let next = String(decoding: source[(offset + 1)..<min(source.count, offset + 5)], as: UTF8.self).unicodeScalars.first,
               String(String.UnicodeScalarView([byte, next])).count == 1 { return false }
            return true
        }
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == 0x3C, standsAlone(index),
               let close = source[(index + 1)...].indices.first(where: { source[$0] == 0x3E && standsAlone($0) }) {
                let name = tagName(source[(index + 1)..<close])
                // A comment (`<!-- -->`) is markup too.
                if onlyHTMLTags, !htmlElements.contains(name), source[index + 1] != UInt8(ascii: "!") {
                    text.append(byte)
                    index += 1
                    continue
                }
                if blockTags.contains(name) {
                    let endsWithLineFeed = text.last == 0x0A && (text.count < 2 || text[text.count - 2] != 0x0D)
                    if !endsWithLineFeed { text.append(0x0A) }
                }
                let opens = source[index + 1] != 0x2F
                index = close + 1
                // A script's or a style sheet's text is code, not words: it goes with its tags.
                if opens, rawTextTags.contains(name) { index = end(ofRawText: name, in: source, from: index, standsAlone: standsAlone) }
                continue
            }
            text.append(byte)
            index += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let blockTags: Set<String> = ["br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6"]
    private static let rawTextTags: Set<String> = ["script", "style"]
    /// The elements of HTML: WHATWG's list, with the obsolete ones uploaders still type.
    private static let htmlElements: Set<String> = [
        "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "big", "blink", "blockquote",
        "body", "br", "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del",
        "details", "dfn", "dialog", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure", "font", "footer", "form",
        "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label",
        "legend", "li", "link", "main", "map", "mark", "marquee", "menu", "meta", "meter", "nav", "noscript", "object", "ol",
        "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "script",
        "section", "select", "small", "source", "span", "strike", "strong", "style", "sub", "summary", "sup", "table", "tbody",
        "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track", "tt", "u", "ul", "var", "video", "wbr",
    ]

    /// Where the text after `</name…>` starts, or the end when the element is never closed. As
    /// for tags, "<", the name's last letter and ">" count only as characters of their own.
    private static func end(ofRawText name: String, in source: [UInt8], from start: Int, standsAlone: (Int) -> Bool) -> Int {
        let closing = Array(("</" + name).utf8)
        var index = start
        while index + closing.count <= source.count {
            if source[index] == 0x3C, standsAlone(index), standsAlone(index + closing.count - 1),
               zip(source[index..<(index + closing.count)], closing).allSatisfy({ $0 == $1 || ($0 | 0x20) == $1 && (0x61...0x7A).contains($1) }) {
                let after = index + closing.count
                return (source[after...].indices.first { source[$0] == 0x3E && standsAlone($0) } ?? source.count - 1) + 1
            }
            index += 1
        }
        return source.count
    }

    /// A tag's name, lower-cased: what follows "<" and any "/", up to the first character that is
    /// neither a letter nor a digit.
    private static func tagName(_ tag: ArraySlice<UInt8>) -> String {
        var name: [UInt8] = []
        var rest = tag.drop { $0 == 0x2F }
        while let byte = rest.first {
            switch byte {
            case 0x30...0x39, 0x61...0x7A: name.append(byte)
            case 0x41...0x5A: name.append(byte | 0x20)
            case 0x80...: // a letter or digit beyond ASCII, or what lower-casing turns into one
                let characters = String(decoding: tag, as: UTF8.self).lowercased()
                return String(characters.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber })
            default: return String(decoding: name, as: UTF8.self)
            }
            rest = rest.dropFirst()
        }
        return String(decoding: name, as: UTF8.self)
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "ndash": "–", "mdash": "—", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
    ]

    public static func decodeEntities(_ text: String) -> String {
        // By byte: `String.contains` of a string goes through Foundation's NSString search.
        guard holds(UInt8(ascii: "&"), text) else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(10).firstIndex(of: ";") {
                let entity = String(after[..<semi])
                var replacement: String?
                // A bidi override written as a reference (`&#x202E;`) is dropped as the cached
                // text's own are (`JSON.isBidiControl`).
                let character = { (scalar: Unicode.Scalar) in JSON.isBidiControl(scalar) ? "" : String(Character(scalar)) }
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(character)
                } else if entity.hasPrefix("#") {
                    replacement = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map(character)
                } else {
                    replacement = named[entity]
                }
                if let replacement {
                    result += replacement
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            result += "&"
            rest = after
        }
        return result + rest
    }

    /// Escapes text for HTML or XML content and attributes (what templates do for `{{x}}`), and
    /// drops the C0 control characters but tab and line ends (and DEL): cached data may carry
    /// them, XML forbids them, and no page should. Works on UTF-8 bytes: all of these are
    /// ASCII, and most text has none of them.
    public static func escape(_ text: String) -> String {
        let bytes = text.utf8
        // Every printed value of every page passes here: the check runs over the bytes in place.
        let special = bytes.withContiguousStorageIfAvailable { $0.contains(where: isSpecial) } ?? bytes.contains(where: isSpecial)
        guard special else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            switch byte {
            case 0x26: result.append(contentsOf: "&amp;".utf8)
            case 0x3C: result.append(contentsOf: "&lt;".utf8)
            case 0x3E: result.append(contentsOf: "&gt;".utf8)
            case 0x22: result.append(contentsOf: "&quot;".utf8)
            case 0x27: result.append(contentsOf: "&#39;".utf8)
            case _ where InputText.isForbiddenControl(byte): continue
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `"`, `&`, `'`, `<`, `>` or a forbidden control character, as bits of one mask (all are
    /// below 64), and DEL.
    private static func isSpecial(_ byte: UInt8) -> Bool {
        let controls: UInt64 = 0xFFFF_FFFF & ~(1 << 0x09 | 1 << 0x0A | 1 << 0x0D)
        let mask: UInt64 = controls | 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
        return byte < 64 ? mask &>> UInt64(byte) & 1 != 0 : byte == 0x7F
    }
}
