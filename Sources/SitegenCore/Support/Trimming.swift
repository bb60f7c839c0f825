extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without leading and trailing white space (Unicode White_Space, newlines included).
    /// Pure Swift with an ASCII fast path: Foundation's `trimmingCharacters(in:)` goes through
    /// NSString, and loaders trim every metadata value they read.
    public var trimmed: String {
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last else { return "" }
        if first > 0x20, first < 0x7F, last > 0x20, last < 0x7F { return String(self) }
        guard let start = firstIndex(where: { !$0.isWhitespace }),
              let end = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[start...end])
    }
}
