import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenEvents

@Suite("Events: iCalendar files")
struct EventsCalendarTests {
    @Test func escapesTextValues() {
        #expect(ICalendar.escape("a,b;c\\d\ne\r\nf") == "a\\,b\\;c\\\\d\\ne\\nf")
        #expect(ICalendar.escape("bell\u{07}") == "bell")
    }

    @Test func foldsAt75OctetsWithoutSplittingUTF8() throws {
        let line = "DESCRIPTION:" + String(repeating: "Sigur Rós ☃ 🎸 ", count: 20)
        let folded = ICalendar.fold(line)
        let physical = folded.components(separatedBy: "\r\n")
        #expect(physical.count > 3)
        for (index, part) in physical.enumerated() {
            #expect(part.utf8.count <= 75)
            if index > 0 { #expect(part.hasPrefix(" ")) }
            // Each physical line is valid UTF-8 on its own: no sequence was cut.
            #expect(String(bytes: Array(part.utf8), encoding: .utf8) == part)
        }
        #expect(physical.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == line)
        #expect(ICalendar.fold(String(repeating: "x", count: 75)) == String(repeating: "x", count: 75))
        #expect(ICalendar.fold(String(repeating: "x", count: 76)).components(separatedBy: "\r\n") == [String(repeating: "x", count: 75), " x"])
        // An escape stays whole: "\," is not cut after its backslash.
        let escaped = String(repeating: "x", count: 74) + "\\,y"
        #expect(ICalendar.fold(escaped).components(separatedBy: "\r\n") == [String(repeating: "x", count: 74), " \\,y"])
    }

    /// Folding on bytes gives what folding scalar by scalar gave (the first version, kept here
    /// as the reference): seeded random lines of ASCII, escapes and 2-, 3- and 4-byte scalars.
    @Test func foldingOnBytesEqualsFoldingByScalar() {
        func byScalar(_ line: String) -> String {
            var units: [String] = []
            var pendingEscape = false
            for scalar in line.unicodeScalars {
                if pendingEscape, let last = units.popLast() {
                    units.append(last + String(scalar))
                    pendingEscape = false
                } else {
                    units.append(String(scalar))
                    pendingEscape = scalar == "\\"
                }
            }
            var result = ""
            var octets = 0
            for unit in units {
                if octets + unit.utf8.count > 75 {
                    result += "\r\n "
                    octets = 1
                }
                result += unit
                octets += unit.utf8.count
            }
            return result
        }
        var random = SeededRandom(seed: 11)
        let alphabet = Array("ab ,;\\ñé☃€🎸".unicodeScalars)
        for _ in 0..<400 {
            let count = Int.random(in: 0...200, using: &random)
            let line = String(String.UnicodeScalarView((0..<count).map { _ in alphabet.randomElement(using: &random)! }))
            #expect(ICalendar.fold(line) == byScalar(line), "\(line)")
        }
    }

    func cityCalendar(_ fixture: String, metro: Int, today: String, zone: String = "UTC") throws -> (String, [Page]) {
        let site = try EventsFixtureSite(["events/\(metro)/calendar-1.json": fixture])
        defer { site.remove() }
        let (loaded, context) = try site.load(today: today, yaml: "events:\n  metros:\n    - {id: \(metro), name: Test City, slug: test}\n", zone: zone)
        let pages = try #require(loaded).pages(context)
        let city = try #require(pages.first { $0.path.value == "events/test/calendar.ics" }?.eventsText)
        return (city, pages)
    }

    @Test func cityCalendarLineByLine() throws {
        let (text, pages) = try cityCalendar("calendar-2021", metro: 7644, today: "2021-11-12", zone: "Europe/London")
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(Array(lines.prefix(6)) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//sitegen//Songkick concerts//EN",
                                          "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Concerts in Test City"])
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 6)
        // Timed, with the event's offset: 21:00 -0500 is 02:00 UTC the next day.
        #expect(lines.contains("UID:songkick-39870003@example.org"))
        #expect(lines.contains("DTSTART:20211113T020000Z"))
        // Build clock, London midnight = 00:00 UTC in November.
        #expect(lines.filter { $0.hasPrefix("DTSTAMP:") }.allSatisfy { $0 == "DTSTAMP:20211112T000000Z" })
        // A festival without time: whole days, DTEND the day after its last day.
        let festival = try #require(lines.firstIndex(of: "UID:songkick-40023714@example.org"))
        #expect(lines[festival + 2] == "DTSTART;VALUE=DATE:20211112")
        #expect(lines[festival + 3] == "DTEND;VALUE=DATE:20211115")
        // Cancelled and postponed; the leaked "(CANCELLED)" does not appear twice.
        // Worded from the model: headliners and venue; Songkick's English title only for a festival's name.
        #expect(lines.contains("SUMMARY:CANCELLED: Semicolon\\; Band\\, With Commas at Bowery Ballroom"))
        #expect(lines.contains("SUMMARY:POSTPONED: Black Cats NYC at Parkside Lounge"))
        #expect(lines.contains("SUMMARY:International Pop Overthrow 2021 at Arlene's Grocery"))
        #expect(!text.contains("(November"))
        #expect(lines.contains("STATUS:CANCELLED") && lines.contains("STATUS:TENTATIVE"))
        #expect(!text.contains("(CANCELLED)") && !text.contains("(POSTPONED)"))
        #expect(lines.contains("URL:https://example.org/music/events/test/39870003/"))
        // One calendar per event, with the same UID.
        let single = try #require(pages.first { $0.path.value == "events/test/39870003.ics" }?.eventsText)
        #expect(single.components(separatedBy: "\r\n").contains("UID:songkick-39870003@example.org"))
        #expect(single.components(separatedBy: "BEGIN:VEVENT").count == 2)
    }

    @Test func floatingTimeWithoutAnOffset() throws {
        let (text, _) = try cityCalendar("calendar-2010", metro: 9426, today: "2010-04-01")
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.contains("DTSTART:20100429T190000")) // 2010: a time but no datetime
        #expect(lines.contains("DTSTART;VALUE=DATE:20100430") && lines.contains("DTEND;VALUE=DATE:20100501"))
    }

    /// Fails rather than skips without Python's icalendar: the README's test command and .ci/run
    /// install it, and a skipped reader would let a calendar no client can read pass.
    @Test
    func anIndependentParserReadsItBack() throws {
        let (text, _) = try cityCalendar("calendar-2021", metro: 7644, today: "2021-11-12")
        let script = """
        import sys, icalendar
        cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
        for e in cal.walk('VEVENT'):
            start = e.decoded('DTSTART')
            print(e['UID'], start.isoformat(), e.get('STATUS', ''), str(e['SUMMARY']), sep='|')
        """
        let (status, rows) = try PythonReader.run(script, on: text, suffix: "ics")
        #expect(status == 0, "python3 with icalendar must be installed (.ci/run installs it)")
        #expect(rows.count == 6)
        #expect(rows.contains("songkick-39870003@example.org|2021-11-13T02:00:00+00:00|CONFIRMED|Night Shift at Bowery Ballroom"))
        #expect(rows.contains("songkick-40023714@example.org|2021-11-12|CONFIRMED|International Pop Overthrow 2021 at Arlene's Grocery"))
        #expect(rows.contains("songkick-39870002@example.org|2021-11-14T00:00:00+00:00|CANCELLED|CANCELLED: Semicolon; Band, With Commas at Bowery Ballroom"))
        #expect(rows.contains("songkick-39870001@example.org|2021-11-14T01:00:00+00:00|TENTATIVE|POSTPONED: Black Cats NYC at Parkside Lounge"))
    }
}
