import Foundation
import SitegenCore
import Testing

/// Names the build cannot use and files where folders belong stop the build, named, rather
/// than being passed over as if they were not there.
@Suite("Files the walk cannot take are named")
struct FolderShapeTests {
    static let post = "---\ntitle: T\ndate: 2026-11-01\n---\nText.\n"

    @Test func aNameThatIsNotUTF8IsAnError() throws {
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": Self.post, "Content/static/ok.txt": "ok"])
        defer { site.delete() }
        let folder = site.content.appendingPathComponent("static").path
        let bad = folder + "/bad\u{FFFD}"
        // A name with the byte 0xFE, which no UTF-8 holds.
        let raw = Array(folder.utf8) + Array("/bad".utf8) + [0xFE, 0x2E, 0x74, 0x78, 0x74, 0]
        let descriptor = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        do {
            try site.build()
            Issue.record("the build should fail")
        } catch {
            #expect(error.problems.contains { $0.message.contains("not UTF-8") && ($0.location?.file ?? "").hasPrefix("Content/static/bad") },
                    "\(error.problems.map(\.description)) \(bad)")
            #expect(!site.exists("index.html"))
        }
    }

    /// A Hugo or Jekyll site's folders and pages would vanish without a word; hidden entries
    /// and READMEs are passed by.
    @Test func whatNothingReadsInTheContentFolderIsNamed() throws {
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": Self.post, "Content/posts/hugo.md": Self.post,
                                      "Content/about.md": "# About\n", "Content/notes.txt": "x", "Content/README.md": "# Mine\n",
                                      "Content/.git/HEAD": "ref"])
        defer { site.delete() }
        let warnings = try site.build().warnings.map(\.description).filter { $0.contains("not read") }
        #expect(warnings.map { $0.prefix { $0 != ":" } } == ["Content/about.md", "Content/notes.txt", "Content/posts/"], "\(warnings)")
        #expect(warnings[0].hasSuffix("a page of its own (an about page) is an HTML file in static/ (static/about/index.html is /about/)"))
        #expect(warnings[2].contains("(sitegen reads archive/, charts/, events/, lastfm/, news/ and static/); posts go in news/"))
        #expect(warnings[0].contains("markdown here is no page; posts go in news/; "))
    }

    @Test func staticAsAFileIsAnError() throws {
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": Self.post, "Content/static": "not a folder"])
        defer { site.delete() }
        do {
            try site.build()
            Issue.record("the build should fail")
        } catch {
            #expect(error.problems.contains { $0.message.contains("a file where a folder belongs") && $0.location?.file == "Content/static" },
                    "\(error.problems.map(\.description))")
        }
    }
}
