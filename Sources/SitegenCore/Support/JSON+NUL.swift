import Foundation

/// cJSON hands strings over NUL-terminated, so a NUL inside one (a raw 0x00 byte or `\u0000`)
/// would silently end its text there. A document with one is parsed with a stand-in for each:
/// a noncharacter (U+FDD0…U+FDEF) the document does not hold, turned back into U+0000 as the
/// strings are copied. The text is then whole, and its NUL is a control character like any
/// other: never written to a page, a feed or a calendar.
extension JSON {
    /// `data` with each NUL inside a string replaced by the stand-in's UTF-8, and the stand-in;
    /// nil when `data` holds no NUL (nearly always: found with `memchr`), or holds every
    /// possible stand-in. A raw 0x00 outside strings is left to the parser (cJSON
    /// reads it, like every byte up to 0x20, as white space: it holds no text).
    static func standInForNUL(_ data: Data) -> (Data, Unicode.Scalar)? {
        let escape = Array(#"u0000"#.utf8)
        let found = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            guard let base = raw.baseAddress, raw.count > 0 else { return false }
            if memchr(base, 0, raw.count) != nil { return true }
            // Every backslash, each checked for "u0000" after it (whether it is itself escaped
            // is settled below, on the rare document this finds).
            var from = 0
            while from < raw.count, let hit = memchr(base + from, Int32(UInt8(ascii: "\\")), raw.count - from) {
                let index: Int = UnsafeRawPointer(hit) - base
                if index + 1 + escape.count <= raw.count, memcmp(base + index + 1, escape, escape.count) == 0 { return true }
                from = index + 1
            }
            return false
        }
        guard found else { return nil }
        let lowered = String(decoding: data, as: UTF8.self).lowercased()
        guard let nul = (0xFDD0...0xFDEF).lazy.compactMap(Unicode.Scalar.init).first(where: { candidate in
            !lowered.unicodeScalars.contains(candidate) && !lowered.contains("\\u" + String(candidate.value, radix: 16))
        }) else { return nil }
        let standIn = Array(String(Character(nul)).utf8)
        let bytes = [UInt8](data)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var inString = false, escaped = false, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard inString else {
                if byte == UInt8(ascii: "\"") { inString = true }
                result.append(byte)
                continue
            }
            if escaped {
                escaped = false
                if byte == UInt8(ascii: "u"), bytes[index...].starts(with: Array("0000".utf8)) {
                    result.removeLast()   // the backslash
                    result += standIn
                    index += 4
                    continue
                }
                result.append(byte)
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                result.append(byte)
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                result.append(byte)
            } else if byte == 0 {
                result += standIn
            } else {
                result.append(byte)
            }
        }
        return (Data(result), nul)
    }
}
