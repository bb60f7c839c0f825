import Foundation
import SitegenCore
import Testing

@Suite("Front matter")
struct FrontMatterTests {
    /// Builds a site with one post and returns the error the build stops with.
    func buildError(_ post: String) throws -> SitegenError? {
        let site = try TemporarySite(["Content/news/2026-11-01-post.md": post])
        defer { site.delete() }
        do {
            try site.build()
            return nil
        } catch {
            return error
        }
    }

    @Test func wrongTypeNamesLineAndColumn() throws {
        let error = try buildError("---\ntitle: Fine\ndate: 2026-11-01\ntags:\n  nested: map\n---\nBody\n")
        #expect(error?.location?.file.hasSuffix("Content/news/2026-11-01-post.md") == true)
        #expect(error?.location?.line == 5)
        #expect(error?.message.contains("expected a list of text for `tags`") == true)
    }

    @Test func badDateSaysWhatWasExpected() throws {
        let error = try buildError("---\ntitle: Fine\ndate: 22/11/2026\n---\n")
        #expect(error?.location?.line == 3)
        #expect(error?.location?.column == 7)
        #expect(error?.message.contains("expected a date like 2026-11-20") == true)
    }

    /// RFC 3339's offsets run to ±23:59: "+99:00" moved the post four days back, in silence.
    @Test func anOffsetNoZoneHasIsAnError() throws {
        for offset in ["+99:00", "+24:00", "-12:60", "+1a:00"] {
            let error = try buildError("---\ntitle: Fine\ndate: 2026-11-21T10:00:00\(offset)\n---\n")
            #expect(error?.location?.line == 3, "\(offset)")
            #expect(error?.message.contains("expected a date like 2026-11-20") == true, "\(offset)")
        }
        #expect(try buildError("---\ntitle: Fine\ndate: 2026-11-21T10:00:00-23:59\n---\n") == nil)
    }

    /// libyaml's "found character that cannot start any token" does not say it is the tab.
    @Test func aTabThatIndentsIsNamed() throws {
        let error = try buildError("---\ntitle: T\ntags:\n\t- live\n---\nB\n")
        #expect(error?.location?.line == 4)
        #expect(error?.message.contains("a tab indents this line; YAML indents with spaces only") == true)
        let windows = try buildError("---\r\ntitle: T\r\ntags:\r\n\t- live\r\n---\r\nB\r\n")
        #expect(windows?.message.contains("a tab indents this line") == true, "CRLF line ends: \(windows?.message ?? "")")
        let other = try buildError("---\ntitle: T\nsummary: a: b\n---\n")
        #expect(other?.message.contains("tab") == false)
    }

    /// `title:` with nothing after it is named where it is written, not at 1:1.
    @Test func anEmptyTitleKeyIsNamedWhereItIs() throws {
        let error = try buildError("---\ndate: 2026-11-01\ntitle:\n---\nB\n")
        #expect(error?.location?.line == 3)
        #expect(error?.message.contains("expected a non-empty `title`") == true)
    }

    @Test func draftMustBeABoolean() throws {
        let error = try buildError("---\ntitle: Fine\ndraft: maybe\n---\n")
        #expect(error?.location?.line == 3)
        #expect(error?.message.contains("true or false") == true)
    }

    @Test func invalidYAMLGivesItsPosition() throws {
        let error = try buildError("---\ntitle: Fine\nsummary: a: b\n---\n")
        #expect(error?.location?.line == 3)
        #expect(error?.message.contains("not valid YAML") == true)
    }

    @Test func missingTitleAndUnclosedBlock() throws {
        #expect(try buildError("---\ndate: 2026-11-01\n---\n")?.message.contains("`title:`") == true)
        #expect(try buildError("---\ntitle: x\nno end\n")?.message.contains("not closed") == true)
        #expect(try buildError("just text\n")?.message.contains("must start with a line `---`") == true)
    }

    @Test func unknownKeyIsAWarningWithItsLine() throws {
        let site = try TemporarySite(["Content/news/2026-11-01-post.md": "---\ntitle: Fine\nlayout: wide\n---\nText\n"])
        defer { site.delete() }
        let report = try site.build()
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.location?.line == 3)
        #expect(report.warnings.first?.message.contains("unknown key `layout`") == true)
    }

    @Test func dateTimesWithZones() throws {
        let site = try TemporarySite([
            "Content/site.yml": "title: T\nbase_url: https://example.org/\ntime_zone: America/New_York\n",
            // 02:30 UTC on the 22nd is still the 21st in New York: published on a 2026-11-21 build.
            "Content/news/late.md": "---\ntitle: Late\ndate: 2026-11-22T02:30:00Z\n---\n",
            "Content/news/colon-less.md": "---\ntitle: Offset\ndate: 2026-11-20 18:00:00 -0500\n---\n",
        ])
        defer { site.delete() }
        try site.build(date: "2026-11-21")
        #expect(site.exists("news/late/index.html"))
        #expect(site.read("feed.xml")?.contains("<published>2026-11-21T21:30:00-05:00</published>") == true)
        #expect(site.read("feed.xml")?.contains("<published>2026-11-20T18:00:00-05:00</published>") == true)
    }

    @Test func plainScalarsAreTypedAndQuotedOnesAreText() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-01-yes.md": "---\ntitle: 2026\ndate: 2026-11-01\ndraft: yes\nsummary: ~\n---\nText\n",
            "Content/news/2026-11-02-crlf.md": "---\r\ntitle: Windows\r\ndate: 2026-11-02\r\ndraft: False\r\n---\r\nText\r\n",
        ])
        defer { site.delete() }
        try site.build(drafts: true)
        #expect(site.read("news/yes/index.html")?.contains("badge-draft") == true)
        #expect(site.read("news/yes/index.html")?.contains("<h1>2026</h1>") == true)
        #expect(site.read("news/crlf/index.html")?.contains("badge-draft") == false)
        #expect(try buildError("---\ntitle: Fine\ndraft: \"true\"\n---\n")?.message.contains("true or false") == true)
        #expect(try buildError("---\ntitle: Fine\ndraft: tRuE\n---\n")?.message.contains("true or false") == true)
    }
}
