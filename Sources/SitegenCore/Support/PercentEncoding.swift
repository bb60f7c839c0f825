/// Percent-encoding of text put into a URL from outside (an archive identifier, an artist's
/// name in a search link, a user name): everything but RFC 3986's unreserved characters
/// (ASCII letters and digits, `-._~`), byte by byte of the UTF-8. The control characters no page
/// may carry (`InputText.isForbiddenControl`) are dropped, not encoded.
public enum PercentEncoding {
    /// `text` with every byte that is not unreserved written as `%XX`.
    public static func encoded(_ text: String) -> String {
        encoded(text, keepingFolders: false)
    }

    /// A path below a folder: each part encoded, the slashes between them kept, empty parts (a
    /// leading, trailing or doubled slash) dropped, and so are `.` and `..`: a browser resolves
    /// them (encoded too, `%2e%2e`), and the path would leave its folder.
    public static func encodedPath(_ text: String) -> String {
        // The controls go first: ".\u{1}." would otherwise pass as a name and be written "..".
        let text = InputText.strippingControls(text)
        guard hasDotSegment(text) else { return encoded(text, keepingFolders: true) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).filter { $0 != "." && $0 != ".." }
        return encoded(parts.joined(separator: "/"), keepingFolders: true)
    }

    /// Whether a part between slashes is `.` or `..`, on the bytes: nearly every path has a dot
    /// (every file name's extension), almost none such a part.
    private static func hasDotSegment(_ text: String) -> Bool {
        var length = 0
        var onlyDots = true
        for byte in text.utf8 {
            if byte == UInt8(ascii: "/") {
                if onlyDots, length == 1 || length == 2 { return true }
                length = 0
                onlyDots = true
            } else {
                length += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        return onlyDots && (length == 1 || length == 2)
    }

    private static func encoded(_ text: String, keepingFolders: Bool) -> String {
        // Checked on the contiguous bytes: every file link of every recording page comes here.
        if text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(isUnreserved) }) ?? text.utf8.allSatisfy(isUnreserved) { return text }
        // Dropped before the bytes are looked at, so that no part is made of what is dropped
        // (a "." and a "." around a control would become "..").
        let text = InputText.strippingControls(text)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        var slashDue = false
        for byte in text.utf8 {
            if keepingFolders, byte == UInt8(ascii: "/") {
                slashDue = !bytes.isEmpty
                continue
            }
            if slashDue {
                bytes.append(UInt8(ascii: "/"))
                slashDue = false
            }
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(0x25)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: return true
        default: return false
        }
    }
}
