/// A date and time in UTC as the services write them: "2022-11-20T12:21:52Z" (archive.org's
/// search fields), "2022-11-20 12:21:52" (its metadata), "2016-12-03 14:45" (Last.fm's
/// registration date), or a bare "2022-11-20".
public enum UTCDateTime {
    /// Unix seconds; nil for any other text, or an hour, minute or second out of range (a
    /// hostile "99999999999999999:00" would overflow the sum). Fractions of a second are cut.
    public static func seconds(_ text: String) -> Int? {
        var text = Substring(text)
        if text.hasSuffix("Z") { text = text.dropLast() }
        guard let date = LocalDate(iso: text.prefix(10)) else { return nil }
        let days = date.daysSinceEpoch * 86_400
        let rest = text.dropFirst(10)
        guard let separator = rest.first else { return days }
        guard separator == "T" || separator == " " else { return nil }
        var clock = rest.dropFirst()
        if let dot = clock.firstIndex(of: ".") { clock = clock[..<dot] }
        let fields = clock.split(separator: ":", omittingEmptySubsequences: false)
        // Digits only: Int() also reads "-1" and "+1".
        guard (2...3).contains(fields.count), fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { ("0"..."9").contains($0) } }) else { return nil }
        let numbers = fields.compactMap { Int($0) }
        guard numbers.count == fields.count, numbers[0] <= 23, numbers[1] <= 59, numbers.count < 3 || numbers[2] <= 60 else { return nil }
        return days + numbers[0] * 3600 + numbers[1] * 60 + (numbers.count == 3 ? numbers[2] : 0)
    }
}
