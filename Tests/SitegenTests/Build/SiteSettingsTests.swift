import Foundation
import SitegenCore
import SitegenNews
import Testing

@Suite("site.yml")
struct SiteSettingsTests {
    func parse(_ text: String) throws(SitegenError) -> (SiteConfig, [Warning]) {
        let warnings = WarningLog()
        let config = try SiteConfig.parse(text, file: "Content/site.yml", sectionKeys: ["archive", "news"], warnings: warnings)
        return (config, warnings.sorted)
    }

    @Test func readsEverySetting() throws {
        let (config, warnings) = try parse("""
            title: Tapes
            description: Live music
            base_url: https://example.org/music
            language: de
            time_zone: Europe/Berlin
            news:
              page_size: 7
            markdown:
              raw_html: true
            archive:
              year_order: oldest_first
            """)
        #expect(warnings.isEmpty)
        #expect(config.baseURL == "https://example.org/music/")
        #expect(config.basePath == "/music/")
        // Escapes stay as written: the path goes into links as it is (`sitegen serve` mounts it).
        #expect(SiteConfig(baseURL: "https://example.org/my%20site/").basePath == "/my%20site/")
        #expect(config.timeZone.identifier == "Europe/Berlin")
        #expect(try NewsSettings(config.sectionSettings["news"], warnings: WarningLog()).pageSize == 7)
        #expect(config.rawHTML)
        #expect(config.sectionSettings["archive"] != nil)
    }

    @Test("every bad key of site.yml, a section's too, is reported in one build, and a bad base_url is not also called missing")
    func everyBadKeyInOneRun() throws {
        let site = try TemporarySite(["Content/site.yml": "title: T\nbase_url: ftp://x/\nsearch: maybe\nauthor: {x: 1}\nnews: {page_size: x}\n",
                                      "Content/news/2026-11-01-a.md": "---\ntitle: A\n---\n"])
        defer { site.delete() }
        do {
            try site.build()
            Issue.record("the build should fail")
        } catch {
            let lines = error.problems.compactMap { $0.location?.line }
            #expect(lines == [2, 3, 4, 5], "\(error.problems.map(\.description))")
            #expect(!error.problems.contains { $0.description.contains("is required") })
        }
        // Without a log to add to, the problems are thrown together.
        #expect(throws: SitegenError.self) { try parse("search: maybe\nauthor: {x: 1}\n") }
        do {
            _ = try parse("search: maybe\nauthor: {x: 1}\n")
        } catch {
            #expect(error.problems.count == 2)
        }
    }

    @Test func unknownKeysWarnWithTheirLine() throws {
        let (config, warnings) = try parse("title: x\ntheme: dark\nnews:\n  per_page: 3\n")
        #expect(warnings.map { $0.location?.line } == [2])
        #expect(warnings.map(\.description).joined().contains("unknown key `theme`"))
        // A section's own mapping is read, and its unknown keys warned of, by the section.
        let newsWarnings = WarningLog()
        _ = try NewsSettings(config.sectionSettings["news"], warnings: newsWarnings)
        #expect(newsWarnings.sorted.map { $0.location?.line } == [4])
    }

    @Test(arguments: [
        ("title: x\nnews:\n  page_size: ten\n", 3, "a whole number"),
        ("title: x\nbase_url: example.org\n", 2, "absolute http(s) URL"),
        ("title: x\ntime_zone: Mars/Olympus\n", 2, "time zone"),
        ("title: x\nmarkdown:\n  raw_html: sometimes\n", 3, "true or false"),
        ("title: [x\n", 2, "not valid YAML"),
    ])
    func wrongTypesAreErrorsWithLines(text: String, line: Int, expected: String) {
        do {
            // site.yml as the build reads it: the core settings, then a section's own mapping.
            let (config, _) = try parse(text)
            _ = try NewsSettings(config.sectionSettings["news"], warnings: WarningLog())
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.location?.line == line, "\(error)")
            #expect(error.message.contains(expected), "\(error)")
        }
    }
}
