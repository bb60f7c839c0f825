import Foundation
import SitegenCore

/// An iCalendar (RFC 5545) document built line by line: values are escaped as TEXT where they
/// are text, lines are folded at 75 octets without splitting a UTF-8 sequence, and lines end
/// with CRLF.
struct ICalendar {
    private(set) var lines: [String] = []

    /// A property whose value is already in its RFC 5545 form (dates, UIDs, URIs, enumerations).
    mutating func add(_ name: String, _ value: String) {
        lines.append(name + ":" + Self.stripControls(value))
    }

    /// A TEXT property: commas, semicolons, backslashes and line breaks escaped.
    mutating func addText(_ name: String, _ text: String) {
        lines.append(name + ":" + Self.escape(text))
    }

    /// The document: every line folded, each ending with CRLF.
    var text: String { lines.map { Self.fold($0) + "\r\n" }.joined() }

    static func escape(_ text: String) -> String {
        var result = ""
        let normalised = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for scalar in normalised.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            default:
                if isControl(scalar) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Splits a content line into lines of at most 75 octets; each continuation starts with a
    /// space (which counts toward its 75). Splits fall between Unicode scalars, never inside one,
    /// and never inside an escape like `\,` (valid either way, but some readers stumble on it).
    static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line }
        var folded: [UInt8] = []
        folded.reserveCapacity(bytes.count + 3 * (bytes.count / 74 + 1))   // CRLF and a space per continuation
        var octets = 0
        var start = 0
        while start < bytes.count {
            var end = start + scalarLength(bytes[start])
            if bytes[start] == UInt8(ascii: "\\"), end < bytes.count { end += scalarLength(bytes[end]) }
            if octets + end - start > 75 {
                folded += [0x0D, 0x0A, 0x20]
                octets = 1
            }
            folded += bytes[start..<end]
            octets += end - start
            start = end
        }
        return String(decoding: folded, as: UTF8.self)
    }

    /// The length of the UTF-8 sequence a lead byte starts.
    private static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// "20261122T190000Z": an instant in UTC.
    static func utc(_ secondsSinceEpoch: Int) -> String {
        let days = Int((Double(secondsSinceEpoch) / 86_400).rounded(.down))
        let seconds = secondsSinceEpoch - days * 86_400
        return compact(LocalDate(daysSinceEpoch: days)) + "T" + (seconds / 3600).zeroPadded(2)
            + (seconds % 3600 / 60).zeroPadded(2) + (seconds % 60).zeroPadded(2) + "Z"
    }

    /// "20261122": a DATE value.
    static func compact(_ date: LocalDate) -> String { date.year.zeroPadded(4) + date.month.zeroPadded(2) + date.day.zeroPadded(2) }

    private static func stripControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isControl($0) }))
    }

    /// Control characters are not allowed in content lines (RFC 5545 §3.1); tab is.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
}
