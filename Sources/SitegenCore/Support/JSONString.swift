/// A JSON string literal written onto bytes, the one way every JSON sitegen writes for browsers
/// (JSON-LD in pages, the search index) writes text. Quotes, backslashes and line ends are
/// escaped, and U+2028/U+2029 too (older JavaScript parsers end a string at them). The control
/// characters no page may carry (`InputText.isForbiddenControl`: C0 but tab and line ends, and
/// DEL) are dropped, as the HTML escape drops them: cached text that holds one must not reach a
/// visitor's browser through the JSON either.
enum JSONString {
    /// `scriptSafe` also writes `<`, `>` and `&` as escapes, for JSON inside a `<script>`
    /// element (no `</script>` or `<!--` can end or change it).
    static func append(_ text: String, to output: inout [UInt8], scriptSafe: Bool) {
        output.append(UInt8(ascii: "\""))
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "\""): output += "\\\"".utf8
            case UInt8(ascii: "\\"): output += "\\\\".utf8
            case UInt8(ascii: "\n"): output += "\\n".utf8
            case UInt8(ascii: "\r"): output += "\\r".utf8
            case UInt8(ascii: "\t"): output += "\\t".utf8
            case UInt8(ascii: "<") where scriptSafe: output += "\\u003c".utf8
            case UInt8(ascii: ">") where scriptSafe: output += "\\u003e".utf8
            case UInt8(ascii: "&") where scriptSafe: output += "\\u0026".utf8
            case _ where InputText.isForbiddenControl(byte): break
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                var lookahead = utf8
                if lookahead.next() == 0x80, let third = lookahead.next(), third == 0xA8 || third == 0xA9 {
                    output += (third == 0xA8 ? "\\u2028" : "\\u2029").utf8
                    utf8 = lookahead
                } else {
                    output.append(byte)
                }
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
