import Foundation

/// Text read from an input file (site.yml, a post, a cached answer), checked once where it is
/// read: bytes that are not UTF-8 are replaced by U+FFFD with a warning that names the byte,
/// never silently.
public enum InputText {
    /// The text of `data`; invalid UTF-8 becomes U+FFFD and a warning naming the first bad byte.
    public static func decode(_ data: Data, file: String, warnings: WarningLog) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        let offset = firstInvalidByte(data) ?? 0
        warnings.add("not valid UTF-8 at byte \(offset); the bad bytes are shown as \u{FFFD}", at: SourceLocation(file: file))
        return String(decoding: data, as: UTF8.self)
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil when all are.
    public static func firstInvalidByte<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? where Bytes.Index == Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// True for the C0 control characters (and DEL) no page, feed or calendar may carry: all
    /// but tab, line feed and carriage return. XML 1.0 forbids them outright, and an escape
    /// character in a page can drive a terminal that shows it.
    @inline(__always)
    public static func isForbiddenControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }

    /// `text` with every control character (C0 and C1, tab and line ends included, and DEL)
    /// written as an escape (`\n`, `\u{1B}`): what a message may quote from data. A message goes
    /// to a terminal or a log of one line per problem, so a quoted ESC must not drive the
    /// terminal and a quoted line end must not forge a line of its own.
    public static func escapingControls(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: escaped += "\\n"
            case 0x0D: escaped += "\\r"
            case 0x09: escaped += "\\t"
            case 0..<0x20, 0x7F...0x9F: escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `text` without the forbidden control characters (the same text when it has none, which
    /// costs one pass over its bytes).
    public static func strippingControls(_ text: String) -> String {
        guard containsForbiddenControl(text) else { return text }
        return String(decoding: text.utf8.filter { !isForbiddenControl($0) }, as: UTF8.self)
    }

    /// Whether `text` has a forbidden control character, read eight bytes at a time: every
    /// rendered post passes through here, and a word with no byte below 0x20 and no DEL (most
    /// words of a page) needs no closer look.
    static func containsForbiddenControl(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            var index = 0
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let below20 = (word &- ones &* 0x20) & ~word & highs
                let del = word ^ (ones &* 0x7F)
                let isDel = (del &- ones) & ~del & highs
                if below20 | isDel != 0, bytes[index..<index + 8].contains(where: isForbiddenControl) { return true }
                index += 8
            }
            return bytes[index...].contains(where: isForbiddenControl)
        }
    }
}
