import Foundation
import Sitegen
import SitegenCore
import Testing

@Suite("File system errors are reported")
struct FileSystemErrorTests {
    /// A file of the last build that cannot be removed (here a folder stands where it was) is an
    /// error naming it, not a success that leaves it published.
    @Test func aFailedRemovalIsAnError() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-01-a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n",
            "Content/news/2026-11-02-b.md": "---\ntitle: B\ndate: 2026-11-02\n---\n",
        ])
        defer { site.delete() }
        try site.build()
        let page = site.output.appendingPathComponent("news/a/index.html")
        try FileManager.default.removeItem(at: page)
        try FileManager.default.createDirectory(at: page, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: page.appendingPathComponent("keep"))
        try site.remove("Content/news/2026-11-01-a.md")
        do {
            try site.build()
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("cannot remove news/a/index.html from the output folder"), "\(error.description)")
            #expect(error.outputChanged)
        }
    }

    /// A cache folder that cannot be listed is an error, not a section without data. (Only
    /// when not running as root, who may list any folder.)
    @Test func anUnreadableFolderIsAnError() throws {
        guard getuid() != 0 else { return }
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        let folder = site.content.appendingPathComponent("news").path
        chmod(folder, 0)
        defer { chmod(folder, 0o755) }
        #expect(throws: SitegenError.self) { try site.build() }
    }
}
