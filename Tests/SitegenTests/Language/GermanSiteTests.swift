import Foundation
import SitegenCore
import Testing

/// The sample site (Content/) built with `language: de` and the repository's
/// Templates/strings/de.yml: a few pages of each kind pinned as golden files (Golden/site-de/).
@Suite("The sample site in German")
struct GermanSiteTests {
    static let pages = [
        "index.html",
        "artists/grateful-dead/1990-04-03/index.html",
        "charts/deadhead-mara/weeks/1763294400/index.html",
        "charts/deadhead-mara/1-years-ago/index.html",
        "events/london/index.html",
        "news/on-this-day/index.html",
        "events/london/calendar.ics",
        "events/london/41426264.ics",
        "events/london/41426299.ics",
    ]

    /// The sample in `language`, after `change` edits its Content/.
    static func build(language: String = "de", _ change: (URL) throws -> Void = { _ in }) throws -> (TemporarySite, BuildReport) {
        let site = try TemporarySite([:])
        try FileManager.default.removeItem(at: site.content)
        try FileManager.default.copyItem(at: TestPaths.content, to: site.content)
        let settings = try String(contentsOf: site.content.appendingPathComponent("site.yml"), encoding: .utf8)
        try site.write(settings.replacingOccurrences(of: "\nlanguage: en\n", with: "\nlanguage: \(language)\n"), to: "Content/site.yml")
        try change(site.content)
        return (site, try site.build(date: "2026-11-22"))
    }

    @Test func aLanguageWithoutStringsIsEnglishThroughout() throws {
        let (site, report) = try Self.build(language: "fr")
        defer { site.delete() }
        #expect(report.warnings.contains { "\($0)".contains("no Templates/strings/fr.yml") && "\($0)".contains("the pages are in English") })
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<html lang=\"en\">") && !home.contains("fr_FR"))
    }

    /// A post's change date reads as words and a date, with nothing stray between them.
    @Test func anUpdatedPostSaysSoInGerman() throws {
        let (site, _) = try Self.build { content in
            let file = content.appendingPathComponent("news/2026-10-02-what-is-sitegen.md")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "date: 2026-10-02\n", with: "date: 2026-10-02\nupdated: 2026-11-20\n")
                .write(to: file, atomically: true, encoding: .utf8)
        }
        defer { site.delete() }
        let page = try #require(site.read("news/what-is-sitegen/index.html"))
        #expect(page.contains(" · aktualisiert <time datetime=\"2026-11-20\">20. November 2026</time>"))
    }

    @Test func typeEvidenceNamesItsFieldInGerman() throws {
        let (site, _) = try Self.build()
        defer { site.delete() }
        let page = try #require(site.read("recordings/gd1969-02-28.sbd.bear.1215.shnf/index.html"))
        #expect(page.contains("aus Quelle:") || page.contains("aus Kennung:"))
        #expect(!page.contains("aus source:") && !page.contains("aus identifier:"))
    }

    @Test func goldenPages() throws {
        let (site, report) = try Self.build()
        defer { site.delete() }
        // de.yml has every key of en.yml: no fallback warnings.
        #expect(!report.warnings.contains { $0.description.contains("strings/") }, "\(report.warnings)")
        for path in Self.pages {
            let html = try #require(site.read(path), "no \(path)")
            try Golden.check(html, against: "site-de/" + path)
        }
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<html lang=\"de\">"))
        #expect(home.contains("Zum Inhalt springen") && home.contains(">Neuigkeiten<"))
        let city = try #require(site.read("events/london/index.html"))
        // Weekday and month names from the German locale data, and the day's badge.
        #expect(city.contains("Sonntag, 22. November 2026") && city.contains(">Heute<"), "the city page's first day")
        #expect(!city.contains("Sunday 22") && !city.contains("time TBA") && city.contains("Uhrzeit folgt"))
    }

    /// Songkick's titles are English sentences ("A with B at Venue (May 8, 2026) (CANCELLED) ");
    /// the German calendars word their entries from the model instead.
    @Test func calendarsHaveNoEnglishFromSongkicksTitles() throws {
        let (site, _) = try Self.build()
        defer { site.delete() }
        let calendars = site.outputFiles().filter { $0.key.hasPrefix("events/") && $0.key.hasSuffix(".ics") }
        #expect(calendars.count > 20)
        let englishDate = #/\((January|February|March|April|May|June|July|August|September|October|November|December) [0-9]{1,2}, [0-9]{4}\)/#
        for (path, data) in calendars {
            let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
            // (STATUS:CANCELLED is iCalendar's own value, not a word.)
            for english in [" at ", " with ", "POSTPONED", "CANCELLED:", "(CANCELLED)", "Unknown venue", "Support:"] {
                #expect(!text.contains(english), "\(path) contains \"\(english)\"")
            }
            #expect(text.firstMatch(of: englishDate) == nil, "\(path) has Songkick's English date")
        }
        let cancelled = try #require(site.read("events/london/41426264.ics"))
        #expect(cancelled.contains("SUMMARY:ABGESAGT: Lunar Parade in KOKO\r\n"))
        #expect(cancelled.contains("X-WR-CALNAME:Lunar Parade in KOKO\r\n"))
        let postponed = try #require(site.read("events/london/calendar.ics"))
        #expect(postponed.contains("SUMMARY:VERSCHOBEN: Crimson Radio in Scala\r\n"))
    }
}
