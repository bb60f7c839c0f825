import Foundation
@testable import SitegenCore
import Testing

@Suite("Manifest: appended changes")
struct ManifestTests {
    private func record(_ text: String, owner: String = "news") -> Manifest.OutputRecord {
        .init(inputs: Digest.of("in " + text), bytes: Digest.of(text), size: Int64(text.count), owner: owner, inSitemap: true)
    }

    private func source(_ text: String) -> Manifest.SourceRecord {
        .init(size: Int64(text.count), modified: 7, digest: Digest.of(text))
    }

    /// Where a test's manifest goes: in a folder of its own, which the test removes.
    private func temporaryManifest() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-manifest-\(UUID().uuidString)")
            .appendingPathComponent(".Output.sitegen-manifest")
    }

    @Test func appendedChangesReadBackAsTheAppliedManifest() throws {
        let url = temporaryManifest()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var manifest = Manifest(generator: "sitegen test", startedAt: 1)
        manifest.sources = ["content/news/a.md": source("a"), "content/news/b.md": source("b")]
        manifest.outputs = ["news/a/index.html": record("a"), "news/b/index.html": record("b"), "odd\tpath%": record("odd")]
        try manifest.write(to: url)

        var changes = Manifest.Changes(generator: "sitegen test", startedAt: 2, sections: [:])
        changes.sources["content/news/a.md"] = source("a2")
        changes.sources["content/news/b.md"] = .some(nil)
        changes.outputs["news/a/index.html"] = record("a2")
        changes.outputs["news/b/index.html"] = .some(nil)
        changes.outputs["news/c/\nnew"] = record("c")
        try Manifest.append(changes, to: url)
        manifest.apply(changes)

        // On one thread, and with sources and outputs read on two.
        for jobs in [1, 2] {
            let read = try #require(Manifest.read(url, jobs: jobs))
            #expect(read.startedAt == 2)
            #expect(read.sources == manifest.sources)
            #expect(read.outputs == manifest.outputs)
            #expect(read.outputs["news/b/index.html"] == nil && read.outputs["odd\tpath%"] == record("odd"))
            #expect(read.lineCount == 5 + 1 + 5, "the whole file's lines: five records, then a change line and five changes")
        }
    }

    @Test func aLineOfNoKnownKindMakesTheManifestUnreadable() throws {
        let url = temporaryManifest()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var manifest = Manifest(generator: "g", startedAt: 1)
        manifest.sources = ["content/a.md": source("a")]
        manifest.outputs = ["a.html": record("a")]
        try manifest.write(to: url)
        let whole = try String(contentsOf: url, encoding: .utf8)
        for jobs in [1, 2] {
            #expect(Manifest.read(url, jobs: jobs) != nil)
            for odd in ["X\tsomething\n", "O\ta.html\n", "C\n", "c\ta\tb\n"] {
                try (whole + odd).write(to: url, atomically: true, encoding: .utf8)
                #expect(Manifest.read(url, jobs: jobs) == nil, "\(odd.debugDescription) on \(jobs) threads")
            }
            try whole.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func aManifestIsRewrittenOnceAppendedLinesOutnumberItsRecords() {
        var manifest = Manifest(generator: "g", startedAt: 1)
        for number in 0..<2_000 { manifest.outputs["page-\(number).html"] = record("\(number)") }
        manifest.lineCount = 2_000
        var small = Manifest.Changes(generator: "g", startedAt: 2, sections: [:])
        small.outputs["page-1.html"] = record("changed")
        #expect(!manifest.shouldRewrite(adding: small))
        manifest.lineCount = 5_000
        #expect(manifest.shouldRewrite(adding: small))
        #expect(manifest.isUnchanged(by: Manifest.Changes(generator: "g", startedAt: 3, sections: [:])))
        #expect(!manifest.isUnchanged(by: small))
    }

    /// A build killed while appending leaves the publish journal behind, so the next build does
    /// not trust the manifest anyway; a line cut in two must not read as a record either.
    @Test func aLineCutInTwoMakesTheManifestUnreadable() throws {
        let url = temporaryManifest()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var manifest = Manifest(generator: "g", startedAt: 1)
        manifest.outputs = ["a.html": record("a")]
        try manifest.write(to: url)
        var changes = Manifest.Changes(generator: "g", startedAt: 2, sections: [:])
        changes.outputs["b.html"] = record("b")
        try Manifest.append(changes, to: url)
        let whole = try Data(contentsOf: url)
        try whole.dropLast(20).write(to: url)
        #expect(Manifest.read(url) == nil)
    }
}
