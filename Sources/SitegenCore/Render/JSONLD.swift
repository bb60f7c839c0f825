/// schema.org data for a page's `<script type="application/ld+json">`, built as a value and
/// written as JSON text that is safe inside a `<script>` element: `<`, `>` and `&` are written
/// as `\u003c`, `\u003e`, `\u0026` (so no `</script>` or `<!--` can end or change the element),
/// and U+2028/U+2029 as escapes (older JavaScript parsers end a string at them). Keys keep the
/// order they are given in, so the same page gives the same bytes.
public indirect enum JSONLD: Sendable, Equatable {
    case string(String)
    case number(Double)
    case int(Int)
    case object([(String, JSONLD)])
    case array([JSONLD])

    /// An object without the entries whose value is nil: optional facts are simply left out.
    public static func fields(_ entries: KeyValuePairs<String, JSONLD?>) -> JSONLD {
        .object(entries.compactMap { key, value in value.map { (key, $0) } })
    }

    /// The text to place between `<script type="application/ld+json">` and `</script>`.
    public var scriptText: String {
        var output: [UInt8] = []
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .string(let text): Self.write(text, to: &output)
        case .int(let value): output += String(value).utf8
        case .number(let value):
            // JSON has no NaN or infinity; whole numbers without a fraction part.
            if !value.isFinite { output += "null".utf8 }
            else if value == value.rounded(), abs(value) < 1e15 { output += String(Int(value)).utf8 }
            else { output += String(value).utf8 }
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let entries):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in entries.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.write(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string, on the UTF-8 bytes: every character to escape is ASCII but U+2028 and
    /// U+2029 (E2 80 A8 and E2 80 A9), and every other byte is copied as it is.
    private static func write(_ text: String, to output: inout [UInt8]) {
        func escape(_ value: UInt32) {
            let hex = String(value, radix: 16)
            output += "\\u".utf8
            output += repeatElement(UInt8(ascii: "0"), count: max(0, 4 - hex.utf8.count))
            output += hex.utf8
        }
        output.append(UInt8(ascii: "\""))
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): output += "\\\"".utf8
            case UInt8(ascii: "\\"): output += "\\\\".utf8
            case UInt8(ascii: "\n"): output += "\\n".utf8
            case UInt8(ascii: "\r"): output += "\\r".utf8
            case UInt8(ascii: "\t"): output += "\\t".utf8
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): escape(UInt32(byte))
            case ..<0x20: escape(UInt32(byte))
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                escape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                index += 2
            default: output.append(byte)
            }
            index += 1
        }
        output.append(UInt8(ascii: "\""))
    }

    public static func == (lhs: JSONLD, rhs: JSONLD) -> Bool { lhs.scriptText == rhs.scriptText }
}
