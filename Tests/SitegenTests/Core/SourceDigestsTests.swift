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
        // Written into one buffer rather than joined strings; the bytes digested must be those of
        // the joined "path=digest" strings, or every fingerprint would change.
        let news = Digest.of(["news/2026/b.md=\(Digest.of("B"))", "news/a.md=\(Digest.of("A"))"])
        #expect(digests(site).folders(["news"]) == Digest.of(["news=\(news)"]))
    }

    @Test func aWalkListsFilesInTheByteOrderOfTheirPathsOnAnyNumberOfThreads() throws {
        let root = TemporaryFolder.path("walk")
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

    /// Folders with nothing in them list nothing, whether the walk shares them out or not (the
    /// whole list is made in place, and an empty one has no buffer to make it in).
    @Test func emptyFoldersListNothingOnAnyNumberOfThreads() throws {
        let root = try TemporaryFolder.make("walk")
        defer { try? FileManager.default.removeItem(at: root) }
        for jobs in [1, 2] { #expect(FileSnapshot.files(under: root.path, jobs: jobs).isEmpty) }
        for index in 0..<200 {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("empty/f\(index)/deeper"), withIntermediateDirectories: true)
        }
        for jobs in [1, 2, 4] { #expect(FileSnapshot.files(under: root.path, jobs: jobs).isEmpty, "jobs \(jobs)") }
        try Data("x".utf8).write(to: root.appendingPathComponent("empty/f7/deeper/one"))
        for jobs in [1, 2, 4] { #expect(FileSnapshot.files(under: root.path, jobs: jobs).map(\.path) == ["empty/f7/deeper/one"]) }
    }

    /// The scan's shortcut at archive scale: a top folder whose files all have the stats the last
    /// manifest summarises is trusted whole, without its records; a file modified within two
    /// seconds of the last build's start is not trusted by its stat, nor is its folder.
    @Test func aFolderWithTheSameStatsIsTrustedWholeUnlessAFileIsRacy() throws {
        let root = TemporaryFolder.path("groups")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in ["news/a.md": "A", "archive/band/x.json": "{}", "site.yml": "title: x"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let roots = [("content/", root)]
        let first = try SourceDigests.compute(roots: roots, previous: nil, jobs: 1)
        #expect(first.hashed == 3 && Set(first.groups.keys) == ["content/news", "content/archive", "content"])
        let newest = first.groups.values.map(\.part.summary.newest).max()!
        func manifest(startedAt: Int64) -> Manifest {
            var manifest = Manifest(generator: "g", startedAt: startedAt)
            manifest.sources = first.parts
            return manifest
        }

        // Every file older than the last build's start, less two seconds: nothing is read.
        let settled = manifest(startedAt: newest + 3_000_000_000)
        let kept = try SourceDigests.compute(roots: roots, previous: settled, jobs: 1)
        #expect(kept.hashed == 0 && !kept.racy)
        for (key, group) in kept.groups { #expect(group.part.file === first.groups[key]!.part.file, "\(key)") }
        #expect(kept.folders(["news", "archive"]) == first.folders(["news", "archive"]))

        // Files written in the two seconds before the last build started are read again.
        let racy = try SourceDigests.compute(roots: roots, previous: manifest(startedAt: newest + 1_000_000_000), jobs: 1)
        #expect(racy.racy && racy.hashed == 3)
        #expect(racy.allRecords == first.allRecords)

        // A changed file: its folder is scanned file by file, the others are kept.
        try Data("A, edited".utf8).write(to: root.appendingPathComponent("news/a.md"))
        let edited = try SourceDigests.compute(roots: roots, previous: settled, jobs: 1)
        #expect(edited.groups["content/archive"]!.part.file === first.groups["content/archive"]!.part.file)
        #expect(edited.groups["content/news"]!.part.file !== first.groups["content/news"]!.part.file)
        #expect(edited.content("news/a.md") == Digest.of("A, edited"))
        #expect(edited.folders(["news"]) != first.folders(["news"]) && edited.folders(["archive"]) == first.folders(["archive"]))
    }

    /// Files are read in batches, each through one buffer on one of several threads: every file
    /// still gets the digest of its own bytes, whatever the sizes around it in its batch (a large
    /// file then small ones, which must not be read with the large one's tail).
    @Test func filesReadInBatchesThroughOneBufferEachHaveTheirOwnDigest() throws {
        let root = TemporaryFolder.path("batches")
        defer { try? FileManager.default.removeItem(at: root) }
        // One file larger than a reader keeps its buffer for, the rest around a buffer's first size.
        let sizes = [0, 1, 70_000, 3, 65_536, 65_537, 10, 200_000, 0, 5]
        var expected: [String: Digest] = [:]
        for index in 0..<700 {
            let size = index == 300 ? SourceDigests.keptBuffer + 1 : sizes[index % sizes.count]
            var bytes = [UInt8](repeating: 0, count: size)
            for offset in stride(from: 0, to: size, by: 97) { bytes[offset] = UInt8(truncatingIfNeeded: offset / 97 &+ index) }
            let path = "archive/f\(index / 100)/\(index).json"
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
            expected["content/" + path] = Digest.of(Data(bytes))
        }
        for jobs in [1, 2] {
            let digests = try SourceDigests.compute(roots: [("content/", root)], previous: nil, jobs: jobs)
            #expect(digests.hashed == 700)
            #expect(digests.allRecords.mapValues(\.digest) == expected, "\(jobs) jobs")
        }
    }

    @Test func anEmptyOrMissingFolderHasADigestToo() {
        let base = digests(site)
        #expect(base.listing("events") == base.listing("charts"))
        #expect(base.folders(["events"]) != base.folders(["charts"]))
        #expect(base.folders(["news", "events"]) == base.folders(["events", "news"]))
        #expect(base.listing("news") == base.listing("news"))
    }
}

extension SourceDigests {
    /// Every record of every group (reads every part): to compare digests made in two ways.
    var allRecords: [String: Manifest.SourceRecord] {
        groups.values.reduce(into: [:]) { all, group in all.merge(group.records) { first, _ in first } }
    }
}
