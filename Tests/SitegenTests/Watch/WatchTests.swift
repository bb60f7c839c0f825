import Foundation
import Sitegen
@testable import SitegenCore
import Testing

@Suite("Watching: changed sources, remembered posts")
struct WatchTests {
    private func folder() throws -> URL {
        let url = TemporaryFolder.path("watch")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("news"), withIntermediateDirectories: true)
        return url
    }

    private func write(_ text: String, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Digests brought up to date from reported changes equal digests computed from scratch.
    @Test func updatedDigestsEqualAFreshScan() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["a", "b", "c"] { try write(name, "news/\(name).md", in: root) }
        try write("x", "archive/band/x.json", in: root)
        try write("y", "archive/band/y.json", in: root)
        let roots = [("content/", root)]
        let before = try SourceDigests.compute(roots: roots, previous: nil, jobs: 2)
        let archiveBefore = before.folders(["archive"])

        try write("a, edited", "news/a.md", in: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent("news/b.md"))
        try write("z", "archive/other/z.json", in: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent("archive/band"))
        let reported: Set<String> = ["content/news/a.md", "content/news/b.md", "content/archive/other", "content/archive/band",
                                     "content/news/.a.md.swp"]
        let updated = try before.updated(changes: reported, roots: roots)
        let fresh = try SourceDigests.compute(roots: roots, previous: nil, jobs: 2)
        #expect(updated.allRecords == fresh.allRecords)
        #expect(updated.folders(["archive"]) == fresh.folders(["archive"]))
        #expect(updated.folders(["archive"]) != archiveBefore)
        #expect(updated.listing("news") == fresh.listing("news"))
        #expect(updated.hashed == 2, "the edited post and the new file in the new folder")
        #expect(Set(updated.groups.keys.filter { updated.groups[$0] !== before.groups[$0] }) == ["content/news", "content/archive"],
                "only the groups a change touched are made again")
        // When the watcher lost events, the whole root is scanned again.
        try FileManager.default.removeItem(at: root.appendingPathComponent("news/c.md"))
        let rescanned = try updated.updated(changes: ["content"], roots: roots)
        #expect(rescanned.allRecords == (try SourceDigests.compute(roots: roots, previous: nil, jobs: 1)).allRecords)
    }

    @Test func anUnchangedReportKeepsFolderDigests() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("a", "news/a.md", in: root)
        try write("x", "archive/x.json", in: root)
        let roots = [("content/", root)]
        let before = try SourceDigests.compute(roots: roots, previous: nil, jobs: 1)
        let news = before.folders(["news"])
        try write("a2", "news/a.md", in: root)
        let updated = try before.updated(changes: ["content/news/a.md"], roots: roots)
        #expect(updated.folders(["news"]) != news)
        #expect(updated.folders(["archive"]) == before.folders(["archive"]))
    }

    #if os(Linux)
    @Test func theWatcherReportsFilesAndNewFoldersAsSourceKeys() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let watcher = try SourceWatcher(roots: [("content", root)])
        #expect(try watcher.nextChanges(timeout: 0.05).isEmpty)
        try write("a", "news/a.md", in: root)
        try write("hidden", "news/.a.md.swp", in: root)
        #expect(try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2) == ["content/news/a.md"])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("archive/band"), withIntermediateDirectories: true)
        #expect(try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2) == ["content/archive"])
        // The new folders are watched from now on.
        try write("x", "archive/band/x.json", in: root)
        #expect(try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2) == ["content/archive/band/x.json"])
    }

    /// A root deleted and made again (a restore, a branch switched), or moved away and back, is
    /// watched again when it returns: its parent is watched for it.
    @Test func aRootMadeAgainIsWatchedAgain() throws {
        let site = try folder()
        defer { try? FileManager.default.removeItem(at: site) }
        let content = site.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("news"), withIntermediateDirectories: true)
        let watcher = try SourceWatcher(roots: [("content", content)])
        try FileManager.default.removeItem(at: content)
        _ = try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2)
        try FileManager.default.createDirectory(at: content.appendingPathComponent("news"), withIntermediateDirectories: true)
        #expect(try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2).contains("content"))
        try write("a", "news/a.md", in: content)
        #expect(try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2) == ["content/news/a.md"])
        let away = site.appendingPathComponent("Content.away")
        try FileManager.default.moveItem(at: content, to: away)
        _ = try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2)
        try FileManager.default.moveItem(at: away, to: content)
        #expect(try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2).contains("content"))
        try write("b", "news/b.md", in: content)
        #expect(try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2) == ["content/news/b.md"])
    }

    /// Templates/assets is a root of its own inside the templates root: reported under "assets/…"
    /// when it is there at the start, and when it is made (or made again) later.
    @Test func aRootInsideAnotherKeepsItsKeyWhenItIsMadeLater() throws {
        let templates = try folder()
        defer { try? FileManager.default.removeItem(at: templates) }
        let assets = templates.appendingPathComponent("assets")
        let watcher = try SourceWatcher(roots: [("templates", templates), ("assets", assets)])
        try FileManager.default.createDirectory(at: assets.appendingPathComponent("css"), withIntermediateDirectories: true)
        let made = try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2)
        #expect(!made.isEmpty && made.allSatisfy { $0 == "assets" || $0.hasPrefix("assets/") }, "\(made)")
        try write("body {}", "assets/css/site.css", in: templates)
        #expect(try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2) == ["assets/css/site.css"])
        try FileManager.default.removeItem(at: assets)
        _ = try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2)
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        #expect(try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2) == ["assets"])
        try write("x", "assets/app.js", in: templates)
        #expect(try watcher.nextChanges(quiet: .milliseconds(50), timeout: 2) == ["assets/app.js"])
    }
    #endif

    /// A long-running process keeps parsed posts: an edit to one post reads that post only, and
    /// the warnings of posts kept from memory are reported again, as a fresh build reports them.
    @Test func rememberedPostsRepeatTheirWarnings() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-01-a.md": "---\ntitle: A\ncolour: blue\n---\nA.\n",
            "Content/news/2026-11-02-b.md": "---\ntitle: B\n---\nB.\n",
        ])
        defer { site.delete() }
        let memory = BuildMemory()
        let first = try Sitegen.build(site.options(), memory: memory)
        #expect(first.warnings.count == 1)
        try site.write("---\ntitle: B, edited\n---\nB.\n", to: "Content/news/2026-11-02-b.md")
        memory.noteChange("content/news/2026-11-02-b.md")
        let second = try Sitegen.build(site.options(), memory: memory)
        #expect(second.warnings == first.warnings)
        #expect(second.written.contains("news/b/index.html"))
        #expect(second.stages.stages.map(\.name).contains("manifest") == false, "the manifest comes from memory")
        #expect(site.read("news/b/index.html")?.contains("B, edited") == true)
    }

    /// Another build of the same output between two watched builds (here with drafts) changes
    /// the manifest file: the remembered one is dropped, and the next build starts from the file,
    /// as a new process would, so it removes the draft the other build published.
    @Test func anotherBuildInBetweenIsNotMissed() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-01-a.md": "---\ntitle: A\n---\nA.\n",
            "Content/news/2026-11-02-draft.md": "---\ntitle: D\ndraft: true\n---\nD.\n",
        ])
        defer { site.delete() }
        let memory = BuildMemory()
        _ = try Sitegen.build(site.options(), memory: memory)
        #expect(!site.exists("news/draft/index.html"))
        try site.build(drafts: true)
        #expect(site.exists("news/draft/index.html"))
        let next = try Sitegen.build(site.options(), memory: memory)
        #expect(!site.exists("news/draft/index.html"))
        #expect(next.removed.contains("news/draft/index.html"))
        #expect(next.stages.stages.map(\.name).contains("manifest"), "the manifest is read from its file again")
    }

    /// A failed build leaves its reported changes for the next one.
    @Test func aFailedBuildKeepsItsChanges() throws {
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": "---\ntitle: A\n---\nA.\n"])
        defer { site.delete() }
        let memory = BuildMemory()
        _ = try Sitegen.build(site.options(), memory: memory)
        try site.write("---\ntitle: [broken\n---\nA.\n", to: "Content/news/2026-11-01-a.md")
        memory.noteChange("content/news/2026-11-01-a.md")
        #expect(throws: SitegenError.self) { try Sitegen.build(site.options(), memory: memory) }
        try site.write("---\ntitle: A, mended\n---\nA.\n", to: "Content/news/2026-11-01-a.md")
        _ = try Sitegen.build(site.options(), memory: memory)
        #expect(site.read("news/a/index.html")?.contains("A, mended") == true)
    }
}
