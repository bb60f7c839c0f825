import Foundation
import SitegenCore

/// Songkick events as iCalendar VEVENTs.
///
/// Times: a timed event whose datetime carries an offset is written as a UTC instant
/// (`DTSTART:20261122T010000Z`), which every calendar program converts to its own zone; a timed
/// event without an offset (the 2010 shape) is written as floating local time. An event without
/// a time, and any multi-day event, is written as whole days (`DTSTART;VALUE=DATE`) with an
/// exclusive `DTEND` the day after its last day. Timed one-day events get no DTEND: Songkick
/// gives no end, and inventing a duration would be wrong.
struct EventCalendar {
    /// Domain of the UIDs: the host of base_url.
    var host: String
    /// The build's "now" (DTSTAMP), in seconds since 1970.
    var stamp: Int
    var name: String
    /// The reminder's lead time before the start, in hours; 0 for none.
    var reminderHours = 24
    /// The words of the site's language: a calendar program shows them as they are.
    var language: SiteLanguage

    /// The host of base_url ("example.org"), the domain part of every UID.
    static func host(of baseURL: String) -> String { URL(string: baseURL)?.host ?? "localhost" }

    /// A whole calendar for `events`, each with the URL of its page.
    func document(_ events: [(event: Event, pageURL: String)]) -> String {
        var calendar = ICalendar()
        calendar.add("BEGIN", "VCALENDAR")
        calendar.add("VERSION", "2.0")
        calendar.add("PRODID", "-//sitegen//Songkick concerts//EN")
        calendar.add("CALSCALE", "GREGORIAN")
        calendar.add("METHOD", "PUBLISH")
        calendar.addText("X-WR-CALNAME", name)
        for item in events { add(item.event, pageURL: item.pageURL, to: &calendar) }
        calendar.add("END", "VCALENDAR")
        return calendar.text
    }

    func add(_ event: Event, pageURL: String, to calendar: inout ICalendar) {
        calendar.add("BEGIN", "VEVENT")
        calendar.add("UID", "songkick-\(event.id)@\(host)")
        calendar.add("DTSTAMP", ICalendar.utc(stamp))
        if let time = event.start.time, !event.isMultiDay {
            let local = event.start.date.daysSinceEpoch * 86_400 + time.secondsOfDay
            if let offset = event.start.utcOffset {
                calendar.add("DTSTART", ICalendar.utc(local - offset))
            } else {
                calendar.add("DTSTART", String(ICalendar.utc(local).dropLast()))
            }
        } else {
            calendar.add("DTSTART;VALUE=DATE", ICalendar.compact(event.start.date))
            calendar.add("DTEND;VALUE=DATE", ICalendar.compact(event.lastDate.adding(days: 1)))
        }
        calendar.addText("SUMMARY", summary(event))
        switch event.status {
        case .ok: calendar.add("STATUS", "CONFIRMED")
        case .postponed: calendar.add("STATUS", "TENTATIVE")
        case .cancelled: calendar.add("STATUS", "CANCELLED")
        }
        calendar.addText("LOCATION", location(event))
        if let point = event.venue.coordinate ?? event.location {
            calendar.add("GEO", EventText.coordinate(point.latitude) + ";" + EventText.coordinate(point.longitude))
        }
        calendar.addText("DESCRIPTION", description(event))
        calendar.add("URL", pageURL)
        addReminder(event, to: &calendar)
        calendar.add("END", "VEVENT")
    }

    /// "Remind me": a display alarm `reminderHours` before the start (for a whole-day event,
    /// before the start of its first day). A cancelled or postponed event reminds nobody: its
    /// date is not (or no longer) when anything happens.
    func addReminder(_ event: Event, to calendar: inout ICalendar) {
        guard reminderHours > 0, event.status == .ok else { return }
        calendar.add("BEGIN", "VALARM")
        calendar.add("ACTION", "DISPLAY")
        calendar.addText("DESCRIPTION", summary(event))
        calendar.add("TRIGGER", "-PT\(reminderHours)H")
        calendar.add("END", "VALARM")
    }

    /// Headliners (or the festival's name) and venue in the site's language, led by the status
    /// words when it is not a normal event.
    func summary(_ event: Event) -> String {
        let title = CityPlan.calendarTitle(event, language)
        switch event.status {
        case .ok: return title
        case .postponed: return language.text("calendar_postponed", ["title": title])
        case .cancelled: return language.text("calendar_cancelled", ["title": title])
        }
    }

    func location(_ event: Event) -> String {
        [event.venue.name, event.venue.street, event.city].compactMap { $0 }.joined(separator: ", ")
    }

    func description(_ event: Event) -> String {
        var lines: [String] = []
        if !event.headliners.isEmpty { lines.append(language.list(event.headliners.map(\.name))) }
        if !event.support.isEmpty { lines.append(language.text("calendar_support", ["names": language.list(event.support.map(\.name))])) }
        if event.isMultiDay, let time = event.start.time { lines.append(language.text("calendar_starts", ["time": language.time(hour: time.hour, minute: time.minute)])) }
        if let uri = event.uri { lines.append(language.text("calendar_source", ["url": uri])) }
        return lines.joined(separator: "\n")
    }
}
