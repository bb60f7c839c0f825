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
                #expect(SourceDigests.bytesPrecede(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) < \(b)")
            }
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
