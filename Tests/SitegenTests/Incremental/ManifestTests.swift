import Foundation
import Sitegen
@testable import SitegenCore
import Testing

extension Manifest {
    /// The manifest in `folder`, nil when there is none or it cannot be used.
    static func read(_ folder: URL) -> Manifest? {
        if case .read(let manifest) = load(folder) { manifest } else { nil }
    }
}

@Suite("Manifest: an index and parts read when asked for")
struct ManifestTests {
    private func record(_ text: String) -> Manifest.OutputRecord {
        .init(inputs: Digest.of("in " + text), bytes: Digest.of(text), size: Int64(text.count))
    }

    private func source(_ text: String) -> Manifest.SourceRecord {
        .init(size: Int64(text.count), modified: 7, digest: Digest.of(text))
    }

    /// Where a test's manifest goes: in a folder of its own, which the test removes.
    private func temporaryManifest() -> URL {
        TemporaryFolder.path("manifest")
            .appendingPathComponent(".Output.sitegen-manifest")
    }

    /// The repository's sample site, its files dated in the past (so no folder is "racy"),
    /// built once; with the folder of its manifest.
    private func sampleSiteBuilt() throws -> (TemporarySite, URL) {
        let site = try TemporarySite([:])
        try FileManager.default.removeItem(at: site.content)
        try FileManager.default.copyItem(at: TestPaths.content, to: site.content)
        SiteEditor(site: site).backdateEverything()
        try site.build()
        return (site, Manifest.location(for: site.output))
    }

    private func files(in folder: URL) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    private func manifest(startedAt: Int64 = 1) -> Manifest {
        var manifest = Manifest(generator: "sitegen test", startedAt: startedAt)
        let news = SourceDigests(records: ["content/news/a.md": source("a"), "content/news/b.md": source("b")], hashed: 2)
        let top = SourceDigests(records: ["content/site.yml": source("title: x")], hashed: 1)
        manifest.sources = news.parts.merging(top.parts) { first, _ in first }
        manifest.outputs["news"] = .init(records: ["news/a/index.html": record("a"), "news/b/index.html": record("b"),
                                                   "odd\tpath%\nname": record("odd")])
        manifest.outputs["site"] = .init(records: ["index.html": record("home")])
        return manifest
    }

    @Test func aWrittenManifestReadsBackPartByPart() throws {
        let url = temporaryManifest()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let written = manifest()
        try written.write(to: url)
        #expect(files(in: url).count == 5, "the index and four parts")
        let read = try #require(Manifest.read(url))
        #expect(read.generator == "sitegen test" && read.startedAt == 1)
        #expect(Set(read.sources.keys) == ["content/news", "content"])
        #expect(read.sources["content/news"]?.summary == written.sources["content/news"]?.summary)
        #expect(read.outputs["news"]?.tops == ["news", "odd\tpath%\nname"])
        #expect(read.outputs["news"]?.file.count == 3)
        #expect(read.outputs["news"]?.file.records == written.outputs["news"]?.file.records)
        #expect(read.sources["content/news"]?.file.records == written.sources["content/news"]?.file.records)
        #expect(read.damage.reason == nil)
    }

    @Test func onlyThePartsAskedForAreRead() throws {
        let url = temporaryManifest()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try manifest().write(to: url)
        let read = try #require(Manifest.read(url))
        #expect(read.output("index.html", of: "site") == record("home"))
        // Every part is there when the index is read; the news part is spoiled after that, and
        // read only now: no records, and the manifest is marked damaged.
        let newsFile = try #require(read.outputs["news"]?.file.name(in: url))
        try Data("news/a/index.html\tnot a record\n".utf8).write(to: url.appendingPathComponent(newsFile))
        #expect(read.damage.reason == nil)
        #expect(read.output("news/a/index.html", of: "news") == nil)
        #expect(read.damage.reason?.contains(newsFile) == true)
    }

    @Test func anIndexNamingAMissingPartOrOfAnotherVersionIsNoManifestAndSaysWhy() throws {
        let url = temporaryManifest()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        func why() -> String? {
            switch Manifest.load(url) {
            case .none: "none"
            case .unusable(let why): why
            case .read: nil
            }
        }
        #expect(why() == "none", "no manifest yet: a first build, nothing to say")
        try manifest().write(to: url)
        let index = url.appendingPathComponent("index")
        let text = try String(contentsOf: index, encoding: .utf8)
        #expect(Manifest.read(url) != nil)
        try text.replacingOccurrences(of: Manifest.header, with: "sitegen-manifest 2").write(to: index, atomically: true, encoding: .utf8)
        #expect(Manifest.read(url) == nil)
        #expect(why() == "it is not a manifest of this version of sitegen")
        try (Manifest.header + "\n{\"generator\":").write(to: index, atomically: true, encoding: .utf8)
        #expect(why() == "its index is damaged")
        try text.write(to: index, atomically: true, encoding: .utf8)
        let part = try #require(files(in: url).first { $0.hasPrefix("o-") })
        try FileManager.default.removeItem(at: url.appendingPathComponent(part))
        #expect(Manifest.read(url) == nil)
        #expect(why() == "1 part file of it is missing")
    }

    @Test func aRewriteStoresOnlyChangedPartsAndRemovesTheOnesNoLongerNamed() throws {
        let url = temporaryManifest()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try manifest().write(to: url)
        let before = files(in: url)
        var next = try #require(Manifest.read(url))
        next.startedAt = 2
        next.outputs["news"] = .init(records: ["news/a/index.html": record("a2")])
        next.outputs["site"] = nil
        try next.write(to: url)
        let after = files(in: url)
        #expect(after.count == 4, "the index, two source parts and the new news part")
        #expect(after.subtracting(before).count == 1, "only the news part is new")
        #expect(Manifest.read(url)?.output("news/a/index.html", of: "news") == record("a2"))
        #expect(Manifest.read(url)?.says(the: next) == true)
        #expect(try #require(Manifest.read(url)).says(the: manifest()) == false)
    }

    @Test func anOlderSitegensManifestFileIsReplaced() throws {
        let url = temporaryManifest()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("sitegen-manifest 2\n{}\n".utf8).write(to: url)
        #expect(Manifest.read(url) == nil)
        try manifest().write(to: url)
        #expect(Manifest.read(url) != nil)
    }

    @Test func sourceGroupsAreTopFoldersOfContent() {
        #expect(Manifest.sourceGroup(of: "content/news/a.md") == "content/news")
        #expect(Manifest.sourceGroup(of: "content/news/2026/a.md") == "content/news")
        #expect(Manifest.sourceGroup(of: "content/site.yml") == "content")
        #expect(Manifest.sourceGroup(of: "assets/css/base.css") == "assets")
        #expect(Manifest.sourceGroup(of: "assets/x.css") == "assets")
    }

    /// At archive scale this is what makes a rebuild after one edited post fast: the parts of
    /// folders and sections it does not touch are neither read nor written.
    @Test func anEditLeavesThePartsOfOtherFoldersAndSectionsUnreadAndUnwritten() throws {
        let (site, url) = try sampleSiteBuilt()
        defer { site.delete() }
        let first = try #require(Manifest.read(url))
        let archiveSources = try #require(first.sources["content/archive"]?.file.name(in: url))
        let archiveOutputs = try #require(first.outputs["archive"]?.file.name(in: url))
        let newsOutputs = try #require(first.outputs["news"]?.file.name(in: url))
        // Emptied, the archive's parts would read as damaged and make the build a full one.
        try Data().write(to: url.appendingPathComponent(archiveSources))
        try Data().write(to: url.appendingPathComponent(archiveOutputs))
        let post = "Content/news/2026-10-02-what-is-sitegen.md"
        let text = try String(contentsOf: site.root.appendingPathComponent(post), encoding: .utf8)
        try site.write(text + "\nOne more line.\n", to: post)
        let report = try site.build()
        #expect(report.fullBuildReason == nil)
        #expect(report.reusedSections.contains("archive"))
        #expect(report.written.contains("news/what-is-sitegen/index.html"))
        let second = try #require(Manifest.read(url))
        #expect(second.sources["content/archive"]?.file.name(in: url) == archiveSources)
        #expect(second.outputs["archive"]?.file.name(in: url) == archiveOutputs)
        #expect(second.outputs["news"]?.file.name(in: url) != newsOutputs)
        #expect(!files(in: url).contains(newsOutputs), "the part the index no longer names is gone")
        #expect(second.damage.reason == nil && first.damage.reason == nil)
    }

    /// A static file may not take the place of a page of a section kept unloaded; only the parts
    /// of sections that wrote under the same top folder are read to find out.
    @Test func aStaticFileCollidingWithAKeptSectionsPageIsRefusedReadingOnlyThatSectionsPart() throws {
        let (site, url) = try sampleSiteBuilt()
        defer { site.delete() }
        let manifest = try #require(Manifest.read(url))
        #expect(manifest.outputs["archive"]?.tops.contains("artists") == true)
        #expect(manifest.outputs["charts"]?.tops.contains("artists") == false)
        // Emptied, the charts' part would read as damaged and make the build a full one.
        try Data().write(to: url.appendingPathComponent(try #require(manifest.outputs["charts"]?.file.name(in: url))))

        try site.write("notes", to: "Content/static/artists/notes.txt")
        let report = try site.build()
        #expect(report.fullBuildReason == nil && report.reusedSections.contains("archive"))
        #expect(report.written == ["artists/notes.txt"])

        let page = try #require(site.read("artists/index.html"))
        try site.write("<p>not the artists</p>", to: "Content/static/artists/index.html")
        #expect(throws: SitegenError.self) { try site.build() }
        do {
            try site.build()
        } catch {
            #expect(error.message == "a copied file would overwrite a page: artists/index.html")
        }
        #expect(site.read("artists/index.html") == page, "the failed build left the output as it was")
    }

    @Test func aBuildSaysWhyTheLastManifestCannotBeUsed() throws {
        let site = try IncrementalBuildTests.site()
        defer { site.delete() }
        try site.build()
        try "\(Manifest.header)\n[]".write(to: Manifest.location(for: site.output).appendingPathComponent("index"), atomically: true, encoding: .utf8)
        #expect(try site.build().fullBuildReason == "the last build's manifest cannot be used: its index is damaged")
        #expect(try site.build().fullBuildReason == nil, "the full build wrote a good one")
    }

    @Test func aPartDamagedAfterItsIndexWasWrittenMakesAFullBuildWithTheSameOutput() throws {
        let site = try IncrementalBuildTests.site()
        defer { site.delete() }
        try site.build()
        let url = Manifest.location(for: site.output)
        let newsOutputs = try #require(Manifest.read(url)?.outputs["news"]?.file.name(in: url))
        try Data("news/a/index.html\tgarbage\n".utf8).write(to: url.appendingPathComponent(newsOutputs))
        try site.write(IncrementalBuildTests.post("A", date: "2026-11-01", body: "Changed."), to: "Content/news/2026-11-01-a.md")
        let report = try site.build()
        #expect(report.fullBuildReason?.hasPrefix("the last build's manifest was damaged: ") == true)
        #expect(report.fullBuildReason?.contains(newsOutputs) == true)
        try IncrementalBuildTests.expectSameAsClean(site)
        #expect(Manifest.read(url)?.outputs["news"]?.file.records["news/a/index.html"] != nil)
    }
}
