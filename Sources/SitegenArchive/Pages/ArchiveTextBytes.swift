/// `ArchiveText`'s patterns read on the bytes of ASCII text, as the regexes there read them
/// (a test compares the two on generated text). Each function returns nil for text with a byte
/// over 0x7F, which the regex then decides: Unicode case, letters and digits are its business.
enum ArchiveTextBytes {
    /// `ArchiveText.key`: lowercased, leading blanks and a track number
    /// (`(d\d+)?t?\d{1,3}[.):\-]?\s+`) skipped, then only letters and digits.
    static func key(_ line: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.utf8.count)
        for byte in line.utf8 {
            guard byte < 0x80 else { return nil }
            bytes.append(isUpper(byte) ? byte | 0x20 : byte)
        }
        var start = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        start = afterTrackNumber(bytes, at: start) ?? start
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count - start)
        for byte in bytes[start...] where isLower(byte) || isDigit(byte) { kept.append(byte) }
        return String(decoding: kept, as: UTF8.self)
    }

    /// `ArchiveText.unknownDatePart`: `\d{4}-(00|\?\?|xx)` or `-(00|\?\?|xx)` not followed by a digit.
    static func hasUnknownDatePart(_ text: String) -> Bool? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        for index in bytes.indices where bytes[index] == UInt8(ascii: "-") && index + 2 < bytes.count {
            let pair = (bytes[index + 1], bytes[index + 2])
            guard pair == (0x30, 0x30) || pair == (0x3F, 0x3F) || pair == (0x78, 0x78) else { continue }   // 00 ?? xx
            if index >= 4, bytes[(index - 4)..<index].allSatisfy(isDigit) { return true }
            if index + 3 == bytes.count || !isDigit(bytes[index + 3]) { return true }
        }
        return false
    }

    /// Where `(d\d+)?t?\d{1,3}[.):\-]?\s+` matching at `start` ends, or nil. The regex's
    /// backtracking comes down to this: the last digit run must be one to three digits long (a
    /// fourth digit is neither a separator nor a space), and a `d` group may give its last digits
    /// to that run.
    static func afterTrackNumber(_ bytes: [UInt8], at start: Int) -> Int? {
        func runEnd(_ from: Int) -> Int {
            var end = from
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            return end
        }
        // `\d{1,3}[.):\-]?\s+` from `from`.
        func number(_ from: Int) -> Int? {
            let end = runEnd(from)
            guard (1...3).contains(end - from) else { return nil }
            var next = end
            if next < bytes.count, [UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: ":"), UInt8(ascii: "-")].contains(bytes[next]) {
                next += 1
            }
            let spaces = next
            while next < bytes.count, isSpace(bytes[next]) { next += 1 }
            return next > spaces ? next : nil
        }
        func afterT(_ from: Int) -> Int? {
            from < bytes.count && bytes[from] == UInt8(ascii: "t") ? number(from + 1) : number(from)
        }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "d") else { return afterT(start) }
        let digits = runEnd(start + 1) - (start + 1)
        guard digits >= 1 else { return nil }
        if let end = afterT(start + 1 + digits) { return end }
        return digits >= 2 ? number(start + digits) : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    /// `\s` among ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
    private static func isSpace(_ byte: UInt8) -> Bool { (byte >= 0x09 && byte <= 0x0D) || byte == 0x20 }
}
