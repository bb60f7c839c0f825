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
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let text): Self.write(text, to: &output)
        case .int(let value): output += String(value)
        case .number(let value):
            // JSON has no NaN or infinity; whole numbers without a fraction part.
            if !value.isFinite { output += "null" }
            else if value == value.rounded(), abs(value) < 1e15 { output += String(Int(value)) }
            else { output += String(value) }
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let entries):
            output += "{"
            for (index, (key, value)) in entries.enumerated() {
                if index > 0 { output += "," }
                Self.write(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func write(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                output += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            case _ where scalar.value < 0x20:
                output += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    public static func == (lhs: JSONLD, rhs: JSONLD) -> Bool { lhs.scriptText == rhs.scriptText }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
