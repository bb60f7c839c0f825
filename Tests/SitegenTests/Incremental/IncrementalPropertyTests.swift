import Foundation
import Sitegen
import SitegenCore
import Testing

/// Random sequences of edits to a copy of the sample site — posts and cache files added, changed
/// and deleted, templates edited, site.yml and the build date changed — with a check after every
/// step that the incremental output equals a clean build of the same inputs, byte for byte.
///
/// SITEGEN_PROPERTY_CASES sets the number of sequences (default 4, 8 steps each);
/// SITEGEN_PROPERTY_SHORT_CASES the number of short ones on a smaller site (default 6, 3 steps
/// each; CI runs 200, the long run in the README 2,000) from seed 5000, or from
/// SITEGEN_PROPERTY_FIRST_SEED, so a nightly run can try new ones; SITEGEN_PROPERTY_SEED
/// replays one.
@Suite("Incremental builds equal clean builds", .serialized)
struct IncrementalPropertyTests {
    static var cases: Int { Int(ProcessInfo.processInfo.environment["SITEGEN_PROPERTY_CASES"] ?? "") ?? 4 }
    static var shortCases: Int { Int(ProcessInfo.processInfo.environment["SITEGEN_PROPERTY_SHORT_CASES"] ?? "") ?? 6 }
    static var firstShortSeed: UInt64 { UInt64(ProcessInfo.processInfo.environment["SITEGEN_PROPERTY_FIRST_SEED"] ?? "") ?? 5000 }

    @Test func randomEditSequences() async throws {
        try await offThePool {
            let seeds: [UInt64] = ProcessInfo.processInfo.environment["SITEGEN_PROPERTY_SEED"].flatMap(UInt64.init).map { [$0] }
                ?? (0..<UInt64(Self.cases)).map { 1000 + $0 }
            for seed in seeds {
                try runSequence(seed: seed, steps: 8)
            }
        }
    }

    /// Many short sequences on the sample cut to one artist, one listener and one city, where a
    /// clean build to compare with costs a third: more sites' worth of edits in the same time.
    @Test func manyShortSequencesOnASmallSite() async throws {
        try await offThePool {
            let seeds: [UInt64] = ProcessInfo.processInfo.environment["SITEGEN_PROPERTY_SEED"].flatMap(UInt64.init).map { [$0] }
                ?? (0..<UInt64(Self.shortCases)).map { Self.firstShortSeed + $0 }
            for seed in seeds {
                try runSequence(seed: seed, steps: 3, small: true)
            }
        }
    }

    #if os(Linux)
    /// The same, as `sitegen watch` builds: one process keeps its memory between builds and
    /// learns from inotify which files changed, rather than reading the manifest and every stat.
    @Test func randomEditSequencesWhileWatching() async throws {
        try await offThePool {
            let seeds: [UInt64] = ProcessInfo.processInfo.environment["SITEGEN_PROPERTY_SEED"].flatMap(UInt64.init).map { [$0] }
                ?? (0..<UInt64(Self.cases)).map { 2000 + $0 }
            for seed in seeds {
                try runSequence(seed: seed, steps: 8, watching: true)
            }
        }
    }
    #endif

    func runSequence(seed: UInt64, steps: Int, watching: Bool = false, small: Bool = false) throws {
        var random = SeededRandom(seed: seed)
        let site = try TemporarySite([:])
        defer { site.delete() }
        try FileManager.default.removeItem(at: site.content)
        try FileManager.default.copyItem(at: TestPaths.content, to: site.content)
        if small { try Self.cut(site) }
        var editor = SiteEditor(site: site)
        editor.backdateEverything()
        var date = "2026-11-22"
        var build: (String) throws(SitegenError) -> BuildReport = { date throws(SitegenError) in try site.build(date: date) }
        #if os(Linux)
        if watching {
            let memory = BuildMemory()
            let watcher = try SourceWatcher(roots: [("content", site.content), ("templates", site.templates),
                                                    ("assets", site.templates.appendingPathComponent("assets"))])
            build = { date throws(SitegenError) in
                for key in try watcher.nextChanges(quiet: .milliseconds(20), timeout: 0.2) { memory.noteChange(key) }
                return try Sitegen.build(site.options(date: date), memory: memory)
            }
        }
        #endif
        _ = try build(date)
        for step in 1...steps {
            let edit = try editor.randomEdit(&random, date: &date)
            let label = "seed \(seed), step \(step)\(watching ? " (watching)" : ""): \(edit)"
            let incremental: BuildReport
            do {
                incremental = try build(date)
            } catch {
                // The edit made the site invalid; a clean build must fail the same way.
                var options = site.options(date: date, output: site.root.appendingPathComponent("Clean"))
                options.clean = true
                #expect(throws: SitegenError.self, "\(label): the clean build should fail too") { try Sitegen.build(options) }
                try editor.undo()
                continue
            }
            try compareWithClean(site, date: date, label: label, incremental: incremental)
        }
    }

    /// The sample with one artist (moe.), one listener (tapehead77) and one city (London).
    static func cut(_ site: TemporarySite) throws {
        for folder in ["archive/GratefulDead", "archive/Phish", "charts/deadhead_mara", "charts/vinyl_jonas", "events/7644"] {
            try FileManager.default.removeItem(at: site.content.appendingPathComponent(folder))
        }
        let settings = site.content.appendingPathComponent("site.yml")
        var text = try String(contentsOf: settings, encoding: .utf8)
        text = text.replacingOccurrences(of: #"  listeners:\n(    .*\n)+"#, with: "  listeners:\n    - user: tapehead77\n", options: .regularExpression)
        text = text.replacingOccurrences(of: #"    - \{id: 7644.*\n"#, with: "", options: .regularExpression)
        try text.write(to: settings, atomically: true, encoding: .utf8)
    }

    func compareWithClean(_ site: TemporarySite, date: String, label: String, incremental: BuildReport) throws {
        let clean = site.root.appendingPathComponent("Clean")
        try? FileManager.default.removeItem(at: clean)
        var options = site.options(date: date, output: clean)
        options.clean = true
        _ = try Sitegen.build(options)
        let expected = SiteFiles.read(clean)
        let actual = site.outputFiles()
        let missing = Set(expected.keys).subtracting(actual.keys).sorted()
        let extra = Set(actual.keys).subtracting(expected.keys).sorted()
        let different = expected.keys.filter { actual[$0] != nil && actual[$0] != expected[$0] }.sorted()
        #expect(missing.isEmpty && extra.isEmpty && different.isEmpty,
                "\(label): missing \(missing.count) \(missing.prefix(5)), extra \(extra.count) \(extra.prefix(5)), different \(different.count) \(different.prefix(5)); rendered \(incremental.rendered.count), unchanged \(incremental.unchanged), removed \(incremental.removed.count)")
    }
}

/// Makes one random, undoable edit at a time to a temporary site.
struct SiteEditor {
    let site: TemporarySite
    private var undoActions: [() throws -> Void] = []

    init(site: TemporarySite) { self.site = site }

    /// Sets every file's modification time an hour back, as on a machine where the cache was
    /// fetched earlier, so the build trusts unchanged stats as it would in real use.
    func backdateEverything() {
        let past = Date().addingTimeInterval(-3600)
        for folder in [site.content, site.templates] {
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                try? FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: url.path)
            }
        }
    }

    mutating func undo() throws {
        try undoActions.popLast()?()
    }

    private func files(under folder: URL, suffix: String) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var found: [String] = []
        let base = site.root.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        while let url = enumerator?.nextObject() as? URL {
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            if path.hasSuffix(suffix), path.hasPrefix(base) { found.append(String(path.dropFirst(base.count))) }
        }
        return found.sorted()
    }

    private mutating func replace(_ path: String, with text: String?) throws {
        let url = site.root.appendingPathComponent(path)
        let old = try? Data(contentsOf: url)
        undoActions.append { [site] in
            if let old { try old.write(to: url) } else { try? FileManager.default.removeItem(at: url) }
            _ = site
        }
        if let text { try site.write(text, to: path) } else { try FileManager.default.removeItem(at: url) }
    }

    mutating func randomEdit(_ random: inout SeededRandom, date: inout String) throws -> String {
        let posts = files(under: site.content.appendingPathComponent("news"), suffix: ".md")
        // A section first, then one of its files: each section's cache is edited as often.
        let sections = ["archive", "charts", "events", "lastfm"].map { files(under: site.content.appendingPathComponent($0), suffix: ".json") }
            .filter { !$0.isEmpty }
        let caches = sections.randomElement(using: &random) ?? []
        let templates = files(under: site.templates, suffix: ".mustache")
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            let day = Int.random(in: 1...28, using: &random)
            let path = "Content/news/2026-11-\(String(format: "%02d", day))-random-\(random.next() % 1000).md"
            try replace(path, with: "---\ntitle: Random \(day)\ndate: 2026-11-\(String(format: "%02d", day))\ntags: [random, t\(day % 3)]\n---\nText \(day).\n")
            return "add post \(path)"
        case 1 where !posts.isEmpty:
            let path = posts.randomElement(using: &random)!
            let text = try String(contentsOf: site.root.appendingPathComponent(path), encoding: .utf8)
            try replace(path, with: text.replacingOccurrences(of: "title: ", with: "title: Edited ") + "\nMore text.\n")
            return "change post \(path)"
        case 2 where posts.count > 1:
            let path = posts.randomElement(using: &random)!
            try replace(path, with: nil)
            return "delete post \(path)"
        case 3 where !caches.isEmpty:
            let path = caches.randomElement(using: &random)!
            try replace(path, with: nil)
            return "delete cache file \(path)"
        case 4 where !caches.isEmpty:
            let path = caches.randomElement(using: &random)!
            let text = try String(contentsOf: site.root.appendingPathComponent(path), encoding: .utf8)
            // Change one string value long enough to be a name or a title, anywhere in the file
            // (a heading, a track, a review).
            let names = try NSRegularExpression(pattern: #""[A-Z][a-z]+ [^"]{3,40}""#)
                .matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text) }
            guard let range = names.randomElement(using: &random) else { return "no change" }
            try replace(path, with: text.replacingCharacters(in: range, with: "\"Edited Name \(random.next() % 100)\""))
            return "change cache file \(path)"
        case 5 where !templates.isEmpty:
            let path = templates.randomElement(using: &random)!
            let text = try String(contentsOf: site.root.appendingPathComponent(path), encoding: .utf8)
            try replace(path, with: text + "<!-- edit \(random.next() % 1000) -->\n")
            return "edit template \(path)"
        case 6:
            date = ["2026-11-22", "2026-11-23", "2026-12-01", "2027-01-15", "2025-11-22"].randomElement(using: &random)!
            return "build date \(date)"
        case 7:
            let text = try String(contentsOf: site.content.appendingPathComponent("site.yml"), encoding: .utf8)
            let size = Int.random(in: 1...6, using: &random)
            try replace("Content/site.yml", with: text.replacingOccurrences(of: #"page_size: \d+"#, with: "page_size: \(size)",
                                                                            options: .regularExpression))
            return "news page size \(size)"
        case 8:
            // A copy of an album's cover, a headliner's picture or a listener's avatar that fetch
            // made (LocalImages), arriving or going: named for the album.getInfo or shared
            // artist.getInfo file, or the listener's folder.
            let covers = files(under: site.content.appendingPathComponent("charts/albums"), suffix: ".json")
                .map { "albums/" + $0.split(separator: "/").last!.dropLast(".json".count) }
            let pictures = files(under: site.content.appendingPathComponent(LastFMArtistFiles.folder), suffix: ".json")
                .map { LastFMArtistFiles.imageKind + "/" + $0.split(separator: "/").last!.dropLast(".json".count) }
            let avatars = files(under: site.content.appendingPathComponent("charts"), suffix: "/user.json")
                .map { "users/" + $0.split(separator: "/").dropLast().last! }
            guard let copy = (covers + pictures + avatars).randomElement(using: &random) else { return "no change" }
            let path = "Content/static/images/lastfm/\(copy).png"
            let url = site.root.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path) {
                try replace(path, with: nil)
                return "delete image copy \(path)"
            }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try LocalImageTests.png().write(to: url)
            undoActions.append { try? FileManager.default.removeItem(at: url) }
            return "add image copy \(path)"
        default:
            let path = "Content/news/2026-10-0\(Int.random(in: 1...9, using: &random))-draft-\(random.next() % 100).md"
            try replace(path, with: "---\ntitle: Draft\ndate: 2026-10-01\ndraft: true\n---\nDraft.\n")
            return "add draft \(path)"
        }
    }
}
