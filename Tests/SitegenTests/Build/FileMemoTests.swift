import Foundation
import Sitegen
@testable import SitegenCore
@testable import SitegenNews
import Testing

/// Posts a build made are kept in a memo file beside the manifest, so the next build (a new
/// process) parses only the posts that changed.
@Suite("File memo")
struct FileMemoTests {
    struct Plain: Sendable {}

    @Test func aPostIsKeptAsTextAndReadBackTheSame() {
        let day = LocalDate(year: 2026, month: 11, day: 20)!
        let posts = [
            Post(source: "news/a.md", slug: "a", title: "Tab\there, new\nline, 100% \"quoted\" ü", instant: Date(timeIntervalSince1970: 1_763_600_000.5),
                 day: day, tags: ["live", "a\tb", "50%"], summary: "+ not a marker", author: "-", draft: true),
            Post(source: "news/b.md", slug: "b", title: "-", instant: Date(timeIntervalSinceReferenceDate: 0.1), day: day, tags: [],
                 summary: nil, author: nil, draft: false),
            Post(source: "news/c.md", slug: "c", title: "c", instant: Date(timeIntervalSinceReferenceDate: 2), day: day, tags: ["toc"],
                 summary: nil, author: nil, draft: false, toc: true),
            Post(source: "news/d.md", slug: "d", title: "d", instant: Date(timeIntervalSinceReferenceDate: 3), day: day, tags: [],
                 summary: nil, author: nil, draft: true, toc: true),
        ]
        for post in posts {
            #expect(Post(memoText: post.memoText) == post)
            #expect(Post?(memoText: Post?.some(post).memoText) == .some(post))
        }
        #expect(Post?(memoText: Post?.none.memoText) == .some(nil))
        #expect(Post(memoText: "too\tfew") == nil)
        #expect(Post?(memoText: "neither marker") == nil)
    }

    @Test func theMemoFileKeepsWhatCanBeWrittenUnderItsSitegensIdentity() throws {
        let folder = try TemporaryFolder.make("memo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("memo")
        let post = Post(source: "news/a.md", slug: "a", title: "A", instant: Date(timeIntervalSince1970: 0),
                        day: LocalDate(year: 1970, month: 1, day: 1)!, tags: ["x"], summary: nil, author: nil, draft: false)
        let memo = FileMemo()
        memo.store(.init(stamp: Digest.of("1"), value: Optional(post), warnings: []), for: "news/a.md")
        memo.store(.init(stamp: Digest.of("2"), value: Optional(post), warnings: [Warning("odd key")]), for: "news/warned.md")
        memo.store(.init(stamp: Digest.of("3"), value: Plain(), warnings: []), for: "news/plain.md")
        memo.write(to: url, identity: "sitegen 1")

        let read = FileMemo(reading: url, identity: "sitegen 1")
        let stored = try #require(read.entry("news/a.md", stamp: Digest.of("1"))?.value as? FileMemo.Stored)
        #expect(Post?(memoText: stored.text) == .some(post))
        #expect(read.entry("news/a.md", stamp: Digest.of("other")) == nil, "another stamp is another file or settings")
        #expect(read.entry("news/warned.md", stamp: Digest.of("2")) == nil, "warnings are not kept")
        #expect(read.entry("news/plain.md", stamp: Digest.of("3")) == nil, "nor values without text")

        // A memo read and not changed is not written again; one pruned is.
        let modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        usleep(20_000)
        read.write(to: url, identity: "sitegen 1")
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date == modified)
        read.prune { $0 != "news/a.md" }
        read.write(to: url, identity: "sitegen 1")
        #expect(FileMemo(reading: url, identity: "sitegen 1").entry("news/a.md", stamp: Digest.of("1")) == nil)

        // Another sitegen's memo, or a damaged one, is no memo.
        memo.write(to: url, identity: "sitegen 1")
        #expect(FileMemo(reading: url, identity: "sitegen 2").entry("news/a.md", stamp: Digest.of("1")) == nil)
        var damaged = try String(contentsOf: url, encoding: .utf8)
        damaged += "a line without its fields\n"
        try damaged.write(to: url, atomically: true, encoding: .utf8)
        #expect(FileMemo(reading: url, identity: "sitegen 1").entry("news/a.md", stamp: Digest.of("1")) == nil)
    }

    /// The memo file keeps texts and keys with the bytes that separate its fields (tab, newline,
    /// "%") and any other character, reads a last line without its newline, and is dropped
    /// whole when a line is damaged.
    @Test func theMemoFileKeepsEveryCharacterAndDropsADamagedFile() throws {
        let folder = try TemporaryFolder.make("memo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("memo")
        let post = Post(source: "news/a\tb%25.md", slug: "a", title: "Tab\there, line\nbreak, 100%0A, %%, \u{1F3B8} e\u{301}",
                        instant: Date(timeIntervalSince1970: 0), day: LocalDate(year: 1970, month: 1, day: 1)!, tags: ["a\tb", "%09"],
                        summary: "\n", author: "%", draft: false)
        let memo = FileMemo()
        memo.store(.init(stamp: Digest.of("1"), value: Optional(post), warnings: []), for: post.source)
        memo.store(.init(stamp: Digest.of("2"), value: Optional(post), warnings: []), for: "news/plain.md")
        memo.write(to: url, identity: "sitegen\t1")

        func readBack(_ key: String, _ stamp: String) -> Post?? {
            guard let stored = FileMemo(reading: url, identity: "sitegen\t1").entry(key, stamp: Digest.of(stamp))?.value as? FileMemo.Stored
            else { return nil }
            return Post?(memoText: stored.text)
        }
        #expect(readBack(post.source, "1") == .some(post))
        // Read back and written again unchanged: the same bytes.
        let written = try Data(contentsOf: url)
        let again = FileMemo(reading: url, identity: "sitegen\t1")
        _ = again.entry("news/plain.md", stamp: Digest.of("2"))
        again.prune { $0 != "news/gone.md" }
        again.store(.init(stamp: Digest.of("3"), value: Optional(post), warnings: []), for: "news/gone.md")
        again.prune { $0 != "news/gone.md" }
        again.write(to: url, identity: "sitegen\t1")
        #expect(try Data(contentsOf: url) == written)

        var text = try String(contentsOf: url, encoding: .utf8)
        text.removeLast()   // the last newline
        try text.write(to: url, atomically: true, encoding: .utf8)
        #expect(readBack("news/plain.md", "2") == .some(post))
        try (text + "\nnews/c.md\tnot-a-digest\t-\n").write(to: url, atomically: true, encoding: .utf8)
        #expect(readBack(post.source, "1") == nil, "a damaged line drops the whole memo")
    }

    /// A value from the memo file is what a loader gets back for a file whose digest and settings
    /// are those it was kept under, without making it again; anything else is made again.
    @Test func aLoaderGetsTheKeptValueWithoutMakingItAgain() throws {
        let folder = try TemporaryFolder.make("memo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let post = Post(source: "news/a.md", slug: "a", title: "Kept", instant: Date(timeIntervalSince1970: 0),
                        day: LocalDate(year: 1970, month: 1, day: 1)!, tags: [], summary: nil, author: nil, draft: false)
        let digest = Digest.of("the file's bytes"), settings = Digest.of("settings")
        let kept = FileMemo()
        kept.store(.init(stamp: Digest.of(["\(digest)", "\(settings)", "\(Post?.self)"]), value: Optional(post), warnings: []),
                   for: "news/a.md")
        let url = folder.appendingPathComponent("memo")
        kept.write(to: url, identity: "id")

        func context(fileDigest: Digest) -> LoadContext {
            let sources = SourceDigests(records: ["content/news/a.md": .init(size: 1, modified: 0, digest: fileDigest)], hashed: 0)
            return LoadContext(contentDirectory: folder, contentName: "Content", config: SiteConfig(),
                               clock: BuildClock(today: LocalDate(year: 2026, month: 11, day: 22)!, timeZone: TimeZone(identifier: "UTC")!),
                               includeDrafts: false, warnings: WarningLog(), jobs: 1, sectionOptions: [],
                               memo: FileMemo.Session(memo: FileMemo(reading: url, identity: "id"), sources: sources, settings: settings))
        }
        var made = 0
        let same: Post? = try context(fileDigest: digest).memo("news/a.md") { _ in made += 1; return nil }
        #expect(same?.title == "Kept" && made == 0)
        let changed: Post? = try context(fileDigest: Digest.of("edited")).memo("news/a.md") { _ in made += 1; return nil }
        #expect(changed == nil && made == 1)
    }

    /// A build keeps its posts in the memo file; the next build, after one post changed, makes
    /// the same site as a clean build of the same content, and keeps each post once.
    @Test func aBuildAfterAnEditedPostMatchesACleanBuild() throws {
        let site = try TemporarySite([
            "Content/site.yml": "title: T\nbase_url: https://example.org/\n",
            "Content/news/2026-11-01-one.md": NewsBuildTests.post("One", date: "2026-11-01", extra: "tags: [live]\n"),
            "Content/news/2026-11-02-two.md": NewsBuildTests.post("Two", date: "2026-11-02", extra: "summary: Second\n"),
            "Content/news/2026-11-03-draft.md": NewsBuildTests.post("Draft", date: "2026-11-03", extra: "draft: true\n"),
        ])
        defer { site.delete() }
        try site.build()
        let memoFile = FileMemo.location(for: site.output)
        func memoLines() throws -> [Substring] { try String(contentsOf: memoFile, encoding: .utf8).split(separator: "\n").dropFirst().map { $0 } }
        #expect(try memoLines().count == 3)

        try site.write(NewsBuildTests.post("Two, edited", date: "2026-11-02", extra: "summary: Second\ntags: [live]\n"),
                       to: "Content/news/2026-11-02-two.md")
        try site.build()
        #expect(try memoLines().count == 3)
        #expect(try memoLines().contains { $0.contains("Two, edited") })
        #expect(site.read("news/tags/live/index.html")?.contains("Two, edited") == true)

        let clean = site.root.appendingPathComponent("Clean")
        _ = try Sitegen.build(site.options(output: clean))
        #expect(SiteFiles.read(clean) == site.outputFiles())

        try site.remove("Content/news/2026-11-01-one.md")
        try site.build()
        #expect(try memoLines().count == 2)
    }
}
