/// Track and recording lengths. archive.org writes them as seconds with a fraction ("108.81") on
/// originals and newer derivatives, as "mm:ss" ("22:00") on older VBR MP3s, and runtimes as
/// display strings that run past an hour ("165:31.53", "1:02:03").
public enum TrackLength {
    /// The longest length read as one: a week. Anything longer is not a recording's length but
    /// a broken or hostile value ("1" and 300 zeros), which no page could show as a time.
    public static let longest = 7.0 * 86_400

    /// Seconds, or nil for text that is not a length (or is longer than `longest`). Colon forms
    /// are summed from the right (seconds, minutes, hours), as many components as given up to three.
    public static func seconds(_ text: String) -> Double? {
        guard let seconds = anySeconds(text), seconds <= longest else { return nil }
        return seconds
    }

    private static func anySeconds(_ text: String) -> Double? {
        if let seconds = plainSeconds(text) { return seconds }
        let trimmed = text.trimmed
        guard !trimmed.isEmpty else { return nil }
        // Bytes, not characters: every track of every item is read, and only ASCII digits count.
        let parts = trimmed.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count <= 3 else { return nil }
        var total = 0.0
        var multiplier = 1.0
        for (index, part) in parts.reversed().enumerated() {
            // Only the seconds may carry a fraction; every part is a plain non-negative number.
            guard !part.isEmpty, part.allSatisfy({ (0x30...0x39).contains($0) || (index == 0 && $0 == UInt8(ascii: ".")) }),
                  let value = Double(Substring(part)), value.isFinite else { return nil }
            total += value * multiplier
            multiplier *= 60
        }
        return total
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

    /// The shapes nearly every length has ("108.81", "22:00", "1:02:03": ASCII digits, a fraction
    /// only on the seconds, nothing around them), read in one pass over the bytes; nil sends
    /// anything else to the general reading above. The value is the same: a decimal of at most
    /// fifteen digits is N / 10^k with both exact, and one division gives the double nearest to
    /// it, which is what `Double("…")` gives; the parts are summed in the same order.
    private static func plainSeconds(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes -> Double? in
            var parts: (UInt64, UInt64) = (0, 0)   // the parts before the last, first one first
            var partCount = 0
            var value: UInt64 = 0
            var digits = 0
            var fractionDigits = -1                 // -1: no "." in this part
            for byte in bytes {
                switch byte {
                case 0x30...0x39:
                    guard digits < 15 else { return nil }
                    value = value * 10 + UInt64(byte - 0x30)
                    digits += 1
                    if fractionDigits >= 0 { fractionDigits += 1 }
                case UInt8(ascii: ":"):
                    guard digits > 0, fractionDigits < 0, partCount < 2 else { return nil }
                    parts = partCount == 0 ? (value, 0) : (parts.0, value)
                    partCount += 1
                    value = 0
                    digits = 0
                case UInt8(ascii: "."):
                    guard digits > 0, fractionDigits < 0 else { return nil }
                    fractionDigits = 0
                default:
                    return nil
                }
            }
            guard digits > 0, fractionDigits != 0 else { return nil }
            var total = fractionDigits > 0 ? Double(value) / powersOfTen[fractionDigits] : Double(value)
            switch partCount {
            case 1:
                total += Double(parts.0) * 60
            case 2:
                total += Double(parts.1) * 60
                total += Double(parts.0) * 3600
            default:
                break
            }
            return total
        }
    }

    /// "PT1H2M3S": the machine form for `<time datetime>`. (`seconds` is at most `longest`.)
    public static func iso(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(seconds, 0), longest).rounded()) : 0
        let hours = whole / 3600, minutes = whole % 3600 / 60, rest = whole % 60
        var text = "PT"
        if hours > 0 { text += "\(hours)H" }
        if hours > 0 || minutes > 0 { text += "\(minutes)M" }
        return text + "\(rest)S"
    }
}
