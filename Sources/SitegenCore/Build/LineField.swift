/// The escaping of a field in the build's tab-separated record files (the manifest's parts,
/// `PartFile`, and the memo of posts, `FileMemo`), which hold one record a line.
enum LineField {
    /// A field with every "%", tab and newline byte written as "%25", "%09" and "%0A", so that
    /// it fits between tabs on one line. Both directions work on bytes: replacing characters
    /// (Foundation's `replacingOccurrences`) leaves a tab or newline followed by a combining
    /// mark in the line, as one character that is neither.
    static func escape(_ field: String) -> String {
        guard field.containsByte(where: { $0 == 0x25 || $0 == 0x09 || $0 == 0x0A }) else { return field }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.utf8.count + 16)
        for byte in field.utf8 {
            switch byte {
            case 0x25: bytes.append(0x25); bytes.append(0x32); bytes.append(0x35)
            case 0x09: bytes.append(0x25); bytes.append(0x30); bytes.append(0x39)
            case 0x0A: bytes.append(0x25); bytes.append(0x30); bytes.append(0x41)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The field `escape` made; a "%" not followed by one of its three codes stays as it is.
    static func unescape(_ field: String) -> String {
        guard field.containsByte(where: { $0 == 0x25 }) else { return field }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.utf8.count)
        var field = field
        field.withUTF8 { text in
            var index = 0
            while index < text.count {
                if text[index] == 0x25, index + 2 < text.count {
                    switch (text[index + 1], text[index + 2]) {
                    case (0x32, 0x35): bytes.append(0x25); index += 3; continue
                    case (0x30, 0x39): bytes.append(0x09); index += 3; continue
                    case (0x30, 0x41): bytes.append(0x0A); index += 3; continue
                    default: break
                    }
                }
                bytes.append(text[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
