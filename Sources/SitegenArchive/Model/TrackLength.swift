/// Track and recording lengths. archive.org writes them as seconds with a fraction ("108.81") on
/// originals and newer derivatives, as "mm:ss" ("22:00") on older VBR MP3s, and runtimes as
/// display strings that run past an hour ("165:31.53", "1:02:03").
public enum TrackLength {
    /// Seconds, or nil for text that is not a length. Colon forms are summed from the right
    /// (seconds, minutes, hours), as many components as given up to three.
    public static func seconds(_ text: String) -> Double? {
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

    /// "4:05", "1:02:03": whole seconds, rounded to the nearest.
    public static func display(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        let hours = whole / 3600, minutes = whole % 3600 / 60, rest = whole % 60
        if hours > 0 { return "\(hours):" + pad(minutes) + ":" + pad(rest) }
        return "\(minutes):" + pad(rest)
    }

    /// "PT1H2M3S": the machine form for `<time datetime>`.
    public static func iso(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        let hours = whole / 3600, minutes = whole % 3600 / 60, rest = whole % 60
        var text = "PT"
        if hours > 0 { text += "\(hours)H" }
        if hours > 0 || minutes > 0 { text += "\(minutes)M" }
        return text + "\(rest)S"
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
