import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenEvents

@Suite("Events: which days, in which order")
struct EventsScheduleTests {
    func schedule(_ fixtures: [String: String], today: String, horizon: Int = 90, yaml: String = "",
                  zone: String = "UTC") throws -> Schedule {
        let site = try EventsFixtureSite(fixtures)
        defer { site.remove() }
        let section = try #require(try site.load(today: today, yaml: yaml, zone: zone).0)
        return Schedule(events: section.metros[0].events, today: try #require(LocalDate(iso: today)), horizonDays: horizon)
    }

    @Test func ordersByLocalTimeWithMissingTimesLast() throws {
        let schedule = try self.schedule(["events/35130/calendar-1.json": "calendar-2013-page1"], today: "2013-07-28")
        let first = try #require(schedule.days.first)
        #expect(first.date == LocalDate(iso: "2013-07-28"))
        // 14:00, 17:00, two at 18:00 by headliner name, then time TBA by name; the festival that
        // began on the 25th is listed today, without a time.
        #expect(first.listings.map(\.event.id) == [16755319, 16669379, 15980844, 14639484, 16803950, 16803949, 16210919])
        #expect(first.listings.last?.startedEarlier == true && first.listings.last?.time == nil)
        #expect(first.continuing.isEmpty)
    }

    @Test func pastEventsAndEventsBeyondTheHorizonAreLeftOut() throws {
        let files = ["events/35130/calendar-1.json": "calendar-2013-page1"]
        let ids = try schedule(files, today: "2013-07-28").listings.map(\.event.id)
        #expect(!ids.contains(16500000)) // 27 July
        #expect(!ids.contains(17000000)) // 30 December, beyond 90 days
        #expect(Set(ids).count == ids.count)
        #expect(try schedule(files, today: "2013-07-28", horizon: 160).listings.map(\.event.id).contains(17000000))
        // The day after the festival ended, it is gone.
        #expect(!(try schedule(files, today: "2013-07-30").listings.map(\.event.id).contains(16210919)))
    }

    @Test func multiDayEventsAreFindableOnTheirOtherDays() throws {
        let schedule = try self.schedule(["events/7644/calendar-1.json": "calendar-2021"], today: "2021-11-12")
        let days = Dictionary(uniqueKeysWithValues: schedule.days.map { ($0.date.description, $0) })
        #expect(days["2021-11-12"]?.listings.map(\.event.id).contains(40023714) == true)
        #expect(days["2021-11-13"]?.continuing.map(\.id) == [40023714])
        #expect(days["2021-11-14"]?.continuing.map(\.id) == [40023714])
        #expect(days["2021-11-14"]?.listings.isEmpty == true)
        // Built on the second day, it is listed on that day, and still continues on the third.
        let later = try self.schedule(["events/7644/calendar-1.json": "calendar-2021"], today: "2021-11-13")
        #expect(later.days[0].listings.last?.event.id == 40023714 && later.days[0].listings.last?.startedEarlier == true)
        #expect(later.days[1].continuing.map(\.id) == [40023714])
    }

    @Test func groupsByTheEventsLocalDateAcrossAnOffset() throws {
        // 21:00 in New York (-0500) is 02:00 on the 13th in UTC and in London: still the 12th.
        let schedule = try self.schedule(["events/7644/calendar-1.json": "calendar-2021"], today: "2021-11-12", zone: "Europe/London")
        #expect(schedule.days.map(\.date.description) == ["2021-11-12", "2021-11-13", "2021-11-14"])
        #expect(schedule.days[0].listings.map(\.event.id) == [39870005, 39870003, 40023714])
        // 01:00 local on the 13th comes first that day; cancelled and postponed stay listed.
        #expect(schedule.days[1].listings.map(\.event.id) == [39870004, 39870002, 39870001])
    }
}
