import Foundation
import SitegenCore
import Testing
@testable import SitegenCharts

@Suite("Which week is \"N years ago\"")
struct WeekLookupTests {
    /// Last.fm's global list: weeks of 604800 s from Sun 2005-02-13 12:00 UTC.
    static func globalList(count: Int) -> WeekList {
        WeekList((0..<count).compactMap { ChartWeek(from: 1_108_296_000 + $0 * 604_800, to: 1_108_296_000 + ($0 + 1) * 604_800) })
    }

    @Test("a shared boundary second belongs to the later week (half-open ranges)")
    func boundary() {
        let list = Self.globalList(count: 3)
        let boundary = 1_108_900_800
        #expect(list.lookup(boundary) == .week(ChartWeek(from: boundary, to: boundary + 604_800)!))
        #expect(list.lookup(boundary - 1) == .week(ChartWeek(from: 1_108_296_000, to: boundary)!))
        #expect(list.lookup(1_108_296_000) == .week(ChartWeek(from: 1_108_296_000, to: boundary)!))
    }

    @Test("before the first week and after the last")
    func outside() {
        let list = Self.globalList(count: 2)
        #expect(list.lookup(1_108_295_999) == .beforeFirst(list.weeks[0]))
        #expect(list.lookup(1_109_505_600) == .afterLast(list.weeks[1]), "the last week's `to` is outside it")
        #expect(WeekList([]).lookup(0) == .unlisted)
    }

    @Test("a gap between listed weeks holds no week")
    func gap() {
        let list = WeekList([ChartWeek(from: 100, to: 200)!, ChartWeek(from: 300, to: 400)!])
        #expect(list.lookup(250) == .unlisted)
        #expect(list.lookup(300) == .week(ChartWeek(from: 300, to: 400)!))
    }

    @Test("29 February goes back to 28 February in a common year")
    func leapDay() {
        let today = LocalDate(year: 2028, month: 2, day: 29)!
        let (date, instant) = YearsAgo.instant(yearsBefore: today, years: 1, in: TimeZone(identifier: "UTC")!)
        #expect(date == LocalDate(year: 2027, month: 2, day: 28)!)
        #expect(instant == LocalDate(year: 2027, month: 2, day: 28)!.daysSinceEpoch * 86_400)
        let (fourYears, _) = YearsAgo.instant(yearsBefore: today, years: 4, in: TimeZone(identifier: "UTC")!)
        #expect(fourYears == LocalDate(year: 2024, month: 2, day: 29)!)
    }

    @Test("the instant is the start of the local day in the site's zone")
    func zone() {
        let today = LocalDate(year: 2026, month: 11, day: 22)!
        let (_, utc) = YearsAgo.instant(yearsBefore: today, years: 1, in: TimeZone(identifier: "UTC")!)
        let (_, tokyo) = YearsAgo.instant(yearsBefore: today, years: 1, in: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(utc - tokyo == 9 * 3600)
    }

    @Test("a build date whose midnight is exactly a week boundary picks the week starting then")
    func midnightBoundary() {
        // Weeks that start at midnight UTC (a hand-made list): 2025-11-22 00:00 starts the second week.
        let start = LocalDate(year: 2025, month: 11, day: 22)!.daysSinceEpoch * 86_400
        let first = ChartWeek(from: start - 604_800, to: start)!
        let second = ChartWeek(from: start, to: start + 604_800)!
        let (_, instant) = YearsAgo.instant(yearsBefore: LocalDate(year: 2026, month: 11, day: 22)!, years: 1,
                                            in: TimeZone(identifier: "UTC")!)
        #expect(WeekList([first, second]).lookup(instant) == .week(second))
    }
}
