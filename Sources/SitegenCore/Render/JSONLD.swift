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

    private static func write(_ text: String, to output: inout [UInt8]) {
        JSONString.append(text, to: &output, scriptSafe: true)
    }

    public static func == (lhs: JSONLD, rhs: JSONLD) -> Bool { lhs.scriptText == rhs.scriptText }
}
