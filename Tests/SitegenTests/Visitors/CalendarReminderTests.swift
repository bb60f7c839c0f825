import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenEvents

/// "Remind me": calendars carry a VALARM, read back by an independent reader (Python's
/// icalendar, which .ci/run installs).
@Suite("Calendar reminders")
struct CalendarReminderTests {
    func calendar(_ settings: String = "") throws -> String {
        let site = try EventsFixtureSite(["events/7644/calendar-1.json": "calendar-2021"])
        defer { site.remove() }
        let (loaded, context) = try site.load(today: "2021-11-12",
                                              yaml: "events:\n\(settings)  metros:\n    - {id: 7644, name: Test City, slug: test}\n")
        let pages = try #require(loaded).pages(context)
        return try #require(pages.first { $0.path.value == "events/test/calendar.ics" }?.eventsText)
    }

    /// Each VEVENT's UID, status and alarm (action|trigger|description, or "-"), as icalendar reads them.
    func parsed(_ text: String) throws -> [String] {
        let script = """
        import sys, icalendar
        cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
        for e in cal.walk('VEVENT'):
            alarms = [a for a in e.walk('VALARM')]
            alarm = '-' if not alarms else '%s|%s|%s' % (alarms[0]['ACTION'], alarms[0].decoded('TRIGGER'), alarms[0]['DESCRIPTION'])
            print(e['UID'], e.get('STATUS', ''), len(alarms), alarm, sep='|')
        """
        let (status, rows) = try PythonReader.run(script, on: text, suffix: "ics")
        #expect(status == 0, "python3 with icalendar must be installed (.ci/run installs it)")
        return rows
    }

    @Test("a day ahead by default; none for cancelled or postponed events")
    func defaultReminder() throws {
        let rows = try parsed(try calendar())
        #expect(rows.count == 6)
        #expect(rows.contains("songkick-39870003@example.org|CONFIRMED|1|DISPLAY|-1 day, 0:00:00|Night Shift at Bowery Ballroom"), "the reminder says what the entry says")
        #expect(rows.contains { $0.hasPrefix("songkick-39870002@example.org|CANCELLED|0|-") })
        #expect(rows.contains { $0.hasPrefix("songkick-39870001@example.org|TENTATIVE|0|-") })
        #expect(rows.filter { $0.contains("|CONFIRMED|1|DISPLAY|-1 day, 0:00:00|") }.count == 4)
    }

    @Test("the lead time comes from site.yml; 0 leaves the alarm out")
    func configuredReminder() throws {
        let rows = try parsed(try calendar("  reminder_hours: 3\n"))
        #expect(rows.contains { $0.hasPrefix("songkick-39870003@example.org|CONFIRMED|1|DISPLAY|-1 day, 21:00:00|") })
        let none = try calendar("  reminder_hours: 0\n")
        #expect(!none.contains("BEGIN:VALARM"))
        #expect(throws: SitegenError.self) { try calendar("  reminder_hours: -2\n") }
    }
}

@Suite("Event page actions")
struct EventPageActionTests {
    @Test("phone numbers become tel: links; notes that are not numbers do not")
    func telLinks() {
        #expect(EventText.telURI("+44 20 7482 8000") == "tel:+442074828000")
        #expect(EventText.telURI("(212) 260-4700") == "tel:2122604700")
        #expect(EventText.telURI("212 + 260") == nil)
        #expect(EventText.telURI("call the box office") == nil)
        #expect(EventText.telURI("") == nil)
        // Two numbers were run together into one of 20 digits.
        #expect(EventText.telURI("212 353 1600 / 212 353 1601") == "tel:2123531600")
        #expect(EventText.telURI("0171 1234567, 0171 7654321") == "tel:01711234567")
        #expect(EventText.telURI("1234567890123456") == nil)
        // An area code written apart is part of the one number.
        #expect(EventText.telURI("030/1234567") == "tel:0301234567")
        #expect(EventText.telURI("030 / 1234567") == "tel:0301234567")
    }

    @Test("a cancelled or postponed event leads with its status, not with Add to calendar; venue phones are links")
    func cancelledAndPhone() throws {
        let site = try SampleSite.get().site
        let pages = site.outputFiles().filter { $0.key.hasPrefix("events/") && $0.key.hasSuffix("index.html") }
            .mapValues { String(decoding: $0, as: UTF8.self) }
        for (status, note) in [("EventCancelled", "marks it as cancelled"), ("EventPostponed", "marks it as postponed")] {
            let pagesOfStatus = pages.filter { $0.value.contains(status) }
            #expect(!pagesOfStatus.isEmpty, "\(status)")
            for (path, html) in pagesOfStatus {
                // A postponed event's date is the original one: a calendar must not be offered it.
                #expect(!html.contains("Add to calendar"), "\(path)")
                #expect(html.contains(note), "\(path)")
            }
        }
        let scheduled = pages.filter { $0.value.contains("EventScheduled") }
        #expect(scheduled.values.allSatisfy { $0.contains("Add to calendar (.ics)") })
        #expect(pages.values.contains { $0.contains("<a href=\"tel:2122604700\">212 260 4700</a>") })
    }
}
