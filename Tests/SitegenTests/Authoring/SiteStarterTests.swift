import Foundation
import Sitegen
import SitegenCheck
import SitegenCore
import SitegenStarter
import Testing

@Suite("sitegen init")
struct SiteStarterTests {
    func folder() -> URL {
        TemporaryFolder.path("init")
    }

    func options(_ root: URL) -> BuildOptions {
        BuildOptions(content: root.appendingPathComponent("Content"), templates: root.appendingPathComponent("Templates"),
                     output: root.appendingPathComponent("Output"), date: LocalDate(iso: "2026-11-22"), baseURL: nil,
                     includeDrafts: false, workingDirectory: root)
    }

    @Test func aNewSiteBuildsWithoutWarningsAndChecksClean() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let written = try SiteStarter.create(in: root, folderName: "site", today: LocalDate(iso: "2026-11-22")!)
        #expect(written.contains("Content/site.yml") && written.contains("Content/news/2026-11-22-welcome.md"))
        #expect(written.contains("Content/archive/README.md") && written.contains("Content/charts/README.md") && written.contains("Content/events/README.md"))

        let report = try Sitegen.build(options(root))
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/news/welcome/index.html").path))
        let check = Sitegen.check(options(root))
        #expect(check.problems.isEmpty, "\(check.problems)")
        #expect(check.pages >= 5)

        // The empty sections are there, each saying honestly that it is empty, and linked from
        // the navigation; the operator's hint (which folder `sitegen fetch` fills) is not on them.
        let output = root.appendingPathComponent("Output")
        let emptyStates = ["artists": "No recordings are cached yet.", "charts": "No listening charts are cached yet.",
                           "events": "No concerts are listed yet."]
        let home = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        for (section, text) in emptyStates {
            let page = try String(contentsOf: output.appendingPathComponent("\(section)/index.html"), encoding: .utf8)
            #expect(page.contains("<p class=\"empty\">\(text)</p>"), "\(section)")
            #expect(!page.contains("sitegen fetch") && !page.contains("on-this-day/"), "\(section)")
            #expect(home.contains("href=\"./\(section)/\""), "\(section)")
        }
        #expect(!home.contains("home-archive") && !home.contains("home-charts") && !home.contains("home-events"))
        #expect(report.missingCache.map(\.file) == ["archive/", "charts/", "events/"])
    }

    /// Without the section folders (and no settings for them) the sections stay out of the site.
    @Test func aSiteWithoutSectionFoldersLeavesTheSectionsOut() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try SiteStarter.create(in: root, folderName: "site", today: LocalDate(iso: "2026-11-22")!)
        for section in ["archive", "charts", "events"] {
            try FileManager.default.removeItem(at: root.appendingPathComponent("Content/\(section)"))
        }
        let report = try Sitegen.build(options(root))
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let home = try String(contentsOf: root.appendingPathComponent("Output/index.html"), encoding: .utf8)
        for section in ["artists", "charts", "events"] {
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Output/\(section)").path), "\(section)")
            #expect(!home.contains("href=\"./\(section)/\""), "\(section)")
        }
        #expect(report.missingCache.isEmpty)
        #expect(Sitegen.check(options(root)).problems.isEmpty)
    }

    /// The templates init writes are the repository's Templates/, every file byte for byte:
    /// they are embedded from that folder when sitegen is built, not kept as a second copy.
    @Test func theTemplatesAreTheRepositorysTemplates() throws {
        let embedded = SiteStarter.files.filter { $0.key.hasPrefix("Templates/") }
        var repository: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: TestPaths.templates.path)
        while let relative = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let url = TestPaths.templates.appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue, !relative.hasPrefix(".") {
                repository["Templates/" + relative] = try Data(contentsOf: url)
            }
        }
        #expect(embedded.count == repository.count)
        #expect(embedded == repository)
        #expect(SiteStarter.files["Content/static/favicon.svg"] == (try Data(contentsOf: TestPaths.content.appendingPathComponent("static/favicon.svg"))))
    }

    @Test func refusesAFolderThatHoldsAnythingVisible() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: root.appendingPathComponent(".hidden"))
        try Data("keep".utf8).write(to: root.appendingPathComponent("notes.txt"))
        #expect(throws: SitegenError.self) { try SiteStarter.create(in: root, folderName: "site", today: LocalDate(iso: "2026-11-22")!) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == [".hidden", "notes.txt"])
    }

    /// Hidden entries alone (`git init`'s `.git`) are no site: the folder is taken, and they stay.
    @Test func takesAFolderThatHoldsOnlyHiddenEntries() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: root.appendingPathComponent(".editorconfig"))
        let written = try SiteStarter.create(in: root, folderName: "site", today: LocalDate(iso: "2026-11-22")!)
        #expect(written.contains("Content/site.yml"))
        #expect(try Data(contentsOf: root.appendingPathComponent(".editorconfig")) == Data("keep".utf8))
    }

    /// Every key site.yml shows commented is a real key: uncommented, the site still builds
    /// without a warning about an unknown key or a bad value.
    @Test func everyCommentedKeyIsARealOne() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try SiteStarter.create(in: root, folderName: "site", today: LocalDate(iso: "2026-11-22")!)
        let file = root.appendingPathComponent("Content/site.yml")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let uncommented = lines.map { line -> String in
            guard line.hasPrefix("# "), let colon = line.firstIndex(of: ":"),
                  line.dropFirst(2).drop(while: { $0 == " " || $0 == "-" }).prefix(while: { $0 != ":" }).allSatisfy({ $0.isLetter || $0 == "_" || $0 == "{" }),
                  colon > line.startIndex else { return String(line) }
            return String(line.dropFirst(2))
        }
        try Data(uncommented.joined(separator: "\n").utf8).write(to: file)
        let report = try Sitegen.build(options(root))
        #expect(!report.warnings.contains { $0.message.contains("unknown key") }, "\(report.warnings)")
        #expect(uncommented.filter { $0.hasPrefix("  ") || $0.hasPrefix("news:") }.count > 10)
    }
}
