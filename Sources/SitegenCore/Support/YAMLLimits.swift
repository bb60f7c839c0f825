/// Bounds on what a YAML document (site.yml, front matter) may make, checked around Yams:
/// nesting, which the composer follows by recursion (a document of 20,000 `[` would overflow
/// the stack), and aliases, which let a few lines stand for billions of nodes ("billion
/// laughs": every later reader, the canonical form site.yml is fingerprinted by included, would
/// walk them all).
enum YAMLLimits {
    /// Deeper than any settings file or front matter needs.
    static let maxDepth = 64

    /// The line where a document may nest deeper than `maxDepth`, or nil. Over-estimated from
    /// its bytes before any parser reads them: flow brackets
    /// open minus closed, plus the block levels open, counted as YAML does, by indentation:
    /// the columns of the block nodes open (a line's content and each "- " before it opens one
    /// at its column; a line closes those at its column or deeper). Any indent counts, one
    /// space a level as well as two. Comment lines are skipped: they open and close nothing.
    /// A line of a quoted scalar that runs over several lines may start at any column and so
    /// close levels that are still open; but a block level is always further right than the
    /// one it is in, so content past column `4 × maxDepth` is refused too, whatever came before.
    /// One pass over the bytes; no real settings file or front matter comes near.
    static func deepLine(_ text: String) -> Int? {
        var open = 0, line = 1, column = 0, atLineStart = true, inComment = false
        var columns: [Int] = []
        for byte in text.utf8 {
            if byte == 0x0A {
                line += 1
                column = 0
                atLineStart = true
                inComment = false
                continue
            }
            if atLineStart {
                switch byte {
                case 0x20, 0x0D:
                    column += 1
                    continue
                case UInt8(ascii: "#"):
                    inComment = true
                    atLineStart = false
                    continue
                default:
                    if column > 4 * maxDepth { return line }
                    while let last = columns.last, last >= column { columns.removeLast() }
                    columns.append(column)
                    column += 1
                    // A list's "-" keeps the line open: what follows it opens a level of its own.
                    atLineStart = byte == UInt8(ascii: "-")
                }
            }
            if inComment { continue }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"): open += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): open = max(0, open - 1)
            default: break
            }
            if open + columns.count > maxDepth { return line }
        }
        return nil
    }

    /// The most nodes a document of `bytes` bytes may stand for, aliases expanded: a small
    /// multiple of what it could hold written out.
    static func nodeBudget(bytes: Int) -> Int { 1_000 + 4 * bytes }
}
