import Foundation

/// Formats dates for machines, always in Gregorian/POSIX so output never depends on the
/// machine's locale. Dates for people are the site language's (`SiteLanguage.date`).
public enum DateText {
    /// RFC 3339 with the zone's offset at that instant: "2026-11-20T18:00:00+01:00". An offset
    /// of seconds (a zone's local mean time before 1900: London's was −0:01:15) has no RFC 3339
    /// form, and is written as UTC.
    public static func rfc3339(_ instant: Date, in zone: TimeZone) -> String {
        var offset = zone.secondsFromGMT(for: instant)
        if offset % 60 != 0 { offset = 0 }
        let local = instant.timeIntervalSince1970 + Double(offset)
        let days = Int((local / 86_400).rounded(.down))
        let seconds = Int(local) - days * 86_400
        let date = LocalDate(daysSinceEpoch: days)
        let sign = offset < 0 ? "-" : "+"
        let zoneText = offset == 0 ? "Z" : sign + (abs(offset) / 3600).zeroPadded(2) + ":" + (abs(offset) % 3600 / 60).zeroPadded(2)
        return date.description + "T" + (seconds / 3600).zeroPadded(2) + ":" + (seconds % 3600 / 60).zeroPadded(2) + ":"
            + (seconds % 60).zeroPadded(2) + zoneText
    }
}
