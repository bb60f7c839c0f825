import Foundation

/// Text from outside that may hold markup (archive descriptions, reviews, Last.fm wikis) made
/// safe as plain text: tags stripped, entities decoded, line breaks kept. The result is still
/// escaped by the template like any other text, so no markup from the data reaches a page.
public enum HTMLText {
    public static func plainText(_ html: String) -> String {
        let text = html.utf8.contains(UInt8(ascii: "<")) ? stripTags(html) : html
        var decoded = decodeEntities(text)
        // After decoding: "&#13;\n" is a Windows line end too.
        if decoded.utf8.contains(0x0D) { decoded = decoded.replacingOccurrences(of: "\r\n", with: "\n") }
        // Collapse runs of blank lines and trailing spaces that stripped markup leaves behind.
        var lines: [Substring] = []
        var blank = 0
        // Split at the byte: a line feed is a character of its own once "\r\n" is gone, and
        // splitting characters was most of reading the archive's reviews and descriptions.
        for bytes in decoded.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let trimmed = Substring(bytes).trimmed
            if trimmed.isEmpty {
                blank += 1
                if blank > 1 { continue }
            } else {
                blank = 0
            }
            lines.append(Substring(trimmed))
        }
        return lines.joined(separator: "\n").trimmed
    }

    /// Drops tags, keeping a line break where a block or `<br>` was.
    private static func stripTags(_ html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })
                if ["br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6"].contains(String(name)) {
                    if !text.hasSuffix("\n") { text.append("\n") }
                }
                index = html.index(after: close)
                continue
            }
            text.append(character)
            index = html.index(after: index)
        }
        return text
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "ndash": "–", "mdash": "—", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
    ]

    public static func decodeEntities(_ text: String) -> String {
        // By byte: `String.contains` of a string goes through Foundation's NSString search.
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(10).firstIndex(of: ";") {
                let entity = String(after[..<semi])
                var replacement: String?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if entity.hasPrefix("#") {
                    replacement = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
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

    /// Escapes text for HTML or XML content and attributes (what templates do for `{{x}}`).
    /// Works on UTF-8 bytes: the five characters are ASCII, and most text has none of them.
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
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `"`, `&`, `'`, `<` or `>`, as bits of one mask: all five are below 64.
    private static func isSpecial(_ byte: UInt8) -> Bool {
        let mask: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
        return byte < 64 && mask &>> UInt64(byte) & 1 != 0
    }
}
