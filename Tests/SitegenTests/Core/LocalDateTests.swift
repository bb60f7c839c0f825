import Foundation
import SitegenCore
import Testing

@Suite("Calendar days")
struct LocalDateTests {
    @Test func parsesOnlyValidDays() {
        #expect(LocalDate(iso: "2026-11-22")?.description == "2026-11-22")
        #expect(LocalDate(iso: "2009-09-31") == nil)
        #expect(LocalDate(iso: "1997-20-05") == nil)
        #expect(LocalDate(iso: "2024-02-29") != nil)
        #expect(LocalDate(iso: "2023-02-29") == nil)
        #expect(LocalDate(iso: "26-11-22") == nil)
    }

    @Test func yearsEarlierTurns29FebruaryInto28() {
        #expect(LocalDate(iso: "2024-02-29")!.yearsEarlier(1).description == "2023-02-28")
        #expect(LocalDate(iso: "2024-02-29")!.yearsEarlier(4).description == "2020-02-29")
        #expect(LocalDate(iso: "2026-11-22")!.yearsEarlier(10).description == "2016-11-22")
    }

    @Test func dayArithmetic() {
        let day = LocalDate(iso: "2026-11-22")!
        #expect(day.adding(days: 10).description == "2026-12-02")
        #expect(LocalDate(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(LocalDate(iso: "1969-12-31")!.daysSinceEpoch == -1)
    }

    @Test func instantsInAZone() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let day = LocalDate(iso: "2026-07-01")!
        #expect(day.startInstant(in: berlin).timeIntervalSince1970 == Double(day.daysSinceEpoch * 86_400 - 7200))
        #expect(LocalDate(day.startInstant(in: berlin), in: berlin) == day)
        #expect(DateText.rfc3339(day.startInstant(in: berlin), in: berlin) == "2026-07-01T00:00:00+02:00")
        let newYork = TimeZone(identifier: "America/New_York")!
        let evening = Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400) + 23 * 3600 + 5 * 60 + 9)
        #expect(DateText.rfc3339(evening, in: newYork) == "2026-07-01T19:05:09-04:00")
        #expect(DateText.rfc3339(evening, in: TimeZone(identifier: "Asia/Kolkata")!) == "2026-07-02T04:35:09+05:30")
        #expect(DateText.rfc3339(evening, in: TimeZone(identifier: "UTC")!) == "2026-07-01T23:05:09Z")
        // London's local mean time (−0:01:15) has no RFC 3339 offset: the instant in UTC, not
        // "1847-11-30T23:58:45-00:01", a day before the page's.
        let london = TimeZone(identifier: "Europe/London")!
        let old = LocalDate(iso: "1847-12-01")!
        #expect(DateText.rfc3339(old.startInstant(in: london), in: london) == "1847-12-01T00:00:00Z")
    }

    /// Days before 1582 are written in the Gregorian calendar too, as their `datetime` is
    /// (ICU's calendar turns Julian there: 1500-06-15 was "5 June 1500").
    @Test func daysBeforeTheGregorianReformAreGregorian() {
        let english = TestLanguage.english
        #expect(english.date(LocalDate(iso: "1500-06-15")!, .long) == "15 June 1500")
        #expect(english.date(LocalDate(iso: "1000-03-01")!, .long) == "1 March 1000")
        #expect(english.date(LocalDate(iso: "2026-11-22")!, .long) == "22 November 2026")
    }

    @Test func zeroPadding() {
        #expect(7.zeroPadded(2) == "07")
        #expect(1977.zeroPadded(2) == "1977")
        #expect(812.zeroPadded(4) == "0812")
        #expect(0.zeroPadded(2) == "00")
        #expect((-7).zeroPadded(3) == "-007")
    }
}
