import Foundation
@testable import SitegenCore
import Testing

@Suite("Folder digests of the sources")
struct SourceDigestsTests {
    private func digests(_ files: [String: String]) -> SourceDigests {
        var records: [String: Manifest.SourceRecord] = [:]
        for (path, text) in files { records[path] = .init(size: Int64(text.utf8.count), modified: 0, digest: Digest.of(text)) }
        return SourceDigests(records: records, hashed: records.count)
    }

    private let site = [
        "content/news/a.md": "A", "content/news/2026/b.md": "B", "content/news-old/c.md": "C",
        "content/news2/d.md": "D", "content/site.yml": "title: x", "assets/css/base.css": "body {}",
    ]

    @Test func aFolderIsEveryFileBelowItAndNothingBeside() {
        let base = digests(site)
        // Files in folders whose names begin like it ("news-old", "news2") are not below "news".
        var beside = site
        beside["content/news-old/e.md"] = "E"
        beside["content/news2/f.md"] = "F"
        beside["content/news-old/c.md"] = "changed"
        #expect(digests(beside).folders(["news"]) == base.folders(["news"]))
        #expect(digests(beside).listing("news") == base.listing("news"))
        // A file deeper down is below it too.
        var deeper = site
        deeper["content/news/2026/b.md"] = "changed"
        #expect(digests(deeper).folders(["news"]) != base.folders(["news"]))
        #expect(digests(deeper).listing("news") == base.listing("news"))
        deeper["content/news/2026/11/g.md"] = "G"
        #expect(digests(deeper).listing("news") != base.listing("news"))
        #expect(digests(deeper).listing("news/2026") != base.listing("news/2026"))
    }

    @Test func pathsSortInTheByteOrderOfTheirUTF8() {
        let paths = ["news/a.md", "news/a-b.md", "news/a/b.md", "news/é.md", "news/z.md", "news", "", "news/e\u{301}.md", "Zebra"]
        for a in paths {
            for b in paths {
                #expect(ByteOrder.precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) < \(b)")
            }
        }
    }

    @Test func aFolderDigestIsItsFilesPathsAndDigests() {
        // Written into one buffer since the eighth round; the bytes digested must be those of
        // the joined "path=digest" strings, or every fingerprint would change.
        let news = Digest.of(["news/2026/b.md=\(Digest.of("B"))", "news/a.md=\(Digest.of("A"))"])
        #expect(digests(site).folders(["news"]) == Digest.of(["news=\(news)"]))
    }

    @Test func aWalkListsFilesInTheByteOrderOfTheirPathsOnAnyNumberOfThreads() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-walk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // Names whose order as paths differs from their order as names ("a-b/x" before "a/b"),
        // composed and decomposed accents, hidden entries, and, a level down, enough folders to
        // share out (so the walk opens folders level by level before it shares them).
        var files = ["a/b", "a/c/d", "a-b/x", "a.b", "a b/c", "ab", "b", "b-c/x", "\u{e9}/f", "e\u{301}/g", "Z", ".hidden/x", "a/.h"]
        files += (0..<300).flatMap { ["many/f\($0)/one", "many/f\($0)/deeper/two", "many/f\($0).txt"] }
        for path in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
        let expected = files.filter { !$0.hasPrefix(".") && !$0.contains("/.") }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for jobs in [1, 2, 4] {
            let walked = FileSnapshot.files(under: root.path, jobs: jobs)
            #expect(walked.map(\.path) == expected, "jobs \(jobs)")
            #expect(walked.allSatisfy { $0.entry.size == Int64($0.path.utf8.count) })
        }
        #expect(Set(FileSnapshot.scan(root).entries.keys) == Set(expected))
    }

    @Test func anEmptyOrMissingFolderHasADigestToo() {
        let base = digests(site)
        #expect(base.listing("events") == base.listing("charts"))
        #expect(base.folders(["events"]) != base.folders(["charts"]))
        #expect(base.folders(["news", "events"]) == base.folders(["events", "news"]))
        #expect(base.listing("news") == base.listing("news"))
    }
}
