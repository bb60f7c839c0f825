import Foundation
import Sitegen
@testable import SitegenCore
import Testing

@Suite("Output folder safety")
struct OutputSafetyTests {
    func refusal(_ output: (TemporarySite) -> URL) throws -> String? {
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        do {
            _ = try Sitegen.build(site.options(output: output(site)))
            return nil
        } catch {
            return error.message
        }
    }

    @Test func refusesTheRoot() throws {
        #expect(try refusal { _ in URL(fileURLWithPath: "/") }?.contains("file system root") == true)
    }

    @Test func refusesContentTemplatesAndTheWorkingFolder() throws {
        #expect(try refusal { $0.content }?.contains("it is the content folder") == true)
        #expect(try refusal { $0.templates }?.contains("it is the templates folder") == true)
        #expect(try refusal { $0.root }?.contains("it is the working folder (where the command runs)") == true)
        #expect(try refusal { $0.content.appendingPathComponent("news") }?.contains("inside the content folder") == true)
        #expect(try refusal { $0.root.appendingPathComponent("Output/..") }?.contains("it is the working folder (where the command runs)") == true)
    }

    @Test func noPageIsStagedOutsideTheOutput() throws {
        let folder = TemporaryFolder.path("stage")
        defer { try? FileManager.default.removeItem(at: folder) }
        let publisher = try Publisher(output: folder.appendingPathComponent("Output"))
        for path in ["../escape.html", "a/../../escape.html", "/escape.html", "a//b.html", "./a.html", "a/.", "", "a/"] {
            do {
                try publisher.stage(Data("x".utf8), at: path)
                Issue.record("\(path) should be refused")
            } catch {
                #expect(error.message.contains("refusing to write outside the output folder"), "\(path)")
            }
        }
        try publisher.stage(Data("x".utf8), at: "a/b.html")
        // Dots that are not a whole "." or ".." part are a name like any other.
        for path in ["a/.../b.html", "..a/.b/c..", ".well-known/x"] { try publisher.stage(Data("x".utf8), at: path) }
        #expect(publisher.stagedCount == 4)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("escape.html").path))
    }

    @Test func aPageIsStagedWhenItsFolderIsNotThereYet() throws {
        // A thread claims a folder before it makes it, so another thread's page may find the
        // folder claimed but not there yet (here it is removed behind the publisher's back).
        let folder = TemporaryFolder.path("stage")
        defer { try? FileManager.default.removeItem(at: folder) }
        let publisher = try Publisher(output: folder.appendingPathComponent("Output"))
        try publisher.stage(Data("a".utf8), at: "news/x/a.html")
        let staging = folder.appendingPathComponent(".Output.sitegen-staging")
        try FileManager.default.removeItem(at: staging.appendingPathComponent("news"))
        try publisher.stage(Data("b".utf8), at: "news/x/b.html")
        #expect(try String(contentsOf: staging.appendingPathComponent("news/x/b.html"), encoding: .utf8) == "b")
    }

    @Test func whatAKilledBuildStagedIsNotPublished() throws {
        // A first build's staging folder becomes the output by one rename: anything left in it
        // would be published with the new files.
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        try site.write("old", to: ".Output.sitegen-staging/news/stale/index.html")
        _ = try site.build()
        #expect(site.read("news/a/index.html") != nil)
        #expect(!site.exists("news/stale/index.html"))
        #expect(site.exists(OutputGuard.markerName))
    }

    @Test func aMarkerThatCannotBeWrittenIsAnError() throws {
        // Without its marker the output would be refused by the next build as not sitegen's,
        // with no word of why; a folder in the marker's place stops its write as a full disk would.
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        try site.build()
        try site.remove("Output/" + OutputGuard.markerName)
        try site.write("x", to: "Output/\(OutputGuard.markerName)/in-the-way")
        try site.write("---\ntitle: B\ndate: 2026-11-02\n---\n", to: "Content/news/b.md")
        do {
            try site.build()
            Issue.record("the build should fail")
        } catch {
            #expect(error.message.contains("cannot write \(site.root.path)/Output/\(OutputGuard.markerName):"), "\(error.message)")
        }
    }

    @Test func refusesAFolderItDidNotMake() throws {
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        try site.write("precious", to: "Elsewhere/notes.txt")
        #expect(throws: SitegenError.self) {
            _ = try Sitegen.build(site.options(output: site.root.appendingPathComponent("Elsewhere")))
        }
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Elsewhere/notes.txt").path))
    }

    @Test func aFailedBuildLeavesThePreviousOutputUntouched() throws {
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        try site.build()
        let before = site.outputFiles()
        try site.write("---\ntitle: [unclosed\n---\n", to: "Content/news/b.md")
        #expect(throws: SitegenError.self) { try site.build() }
        #expect(site.outputFiles() == before)
        try site.write("{{<layout}}{{$content}}{{#posts}}{{/content}}{{/layout}}", to: "Templates/news/index.mustache")
        try site.remove("Content/news/b.md")
        #expect(throws: SitegenError.self) { try site.build() }
        #expect(site.outputFiles() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("staging") }
        #expect(leftovers.isEmpty)
    }

    @Test func aDiskErrorWhilePublishingSaysWhetherTheOutputChangedAndTheNextBuildRepairsIt() throws {
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        try site.build()
        let before = site.outputFiles()
        // A folder where a new page goes stops the page's rename, as a disk error would.
        try site.write("in the way", to: "Output/news/zz/index.html/blocker")
        try site.write("---\ntitle: ZZ\ndate: 2026-11-03\n---\n", to: "Content/news/zz.md")
        do {
            try site.build()
            Issue.record("the build should fail")
        } catch {
            #expect(error.message.contains("cannot move news/zz/index.html"))
            // Additions are moved first, and this was the only one: nothing was touched yet.
            #expect(!error.outputChanged)
        }
        #expect(site.outputFiles().filter { !$0.key.hasPrefix("news/zz/") } == before)
        // With a page published before the failing one, the output is partly new.
        try site.write("---\ntitle: AA\ndate: 2026-11-02\n---\n", to: "Content/news/aa.md")
        do {
            try site.build()
            Issue.record("the build should fail")
        } catch {
            #expect(error.outputChanged)
        }
        #expect(site.exists("news/aa/index.html"))
        // The next build sees the publish's journal, builds in full and mends the output.
        try site.remove("Output/news/zz/index.html")
        let report = try site.build()
        #expect(report.fullBuildReason == "the last build was interrupted")
        let clean = site.root.appendingPathComponent("Clean")
        _ = try Sitegen.build(site.options(output: clean))
        #expect(site.outputFiles() == SiteFiles.read(clean))
    }

    @Test func aFirstBuildAppearsWholeAndLeavesNothingBeside() throws {
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        try site.build()
        #expect(site.exists("news/a/index.html"))
        #expect(site.exists("assets/css/base.css"))
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
        #expect(!beside.contains { $0.contains("staging") || $0.contains("journal") })
        // A later build that changes one page publishes file by file into the existing folder.
        try site.write("---\ntitle: B\ndate: 2026-11-01\n---\n", to: "Content/news/a.md")
        try site.build()
        #expect(site.read("news/a/index.html")?.contains("<h1>B</h1>") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == beside.sorted())
    }
}
