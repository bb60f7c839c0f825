import Foundation
import Sitegen
@testable import SitegenCore
import Testing
import Yams

/// A lazy page (`LazyModel`) is fingerprinted by what it knows when listed and by its inputs;
/// the rest of its model (a recording's tracks, a post's body, a week's chart) is made when it
/// renders, from content files that its inputs must name. `ViewModelMutationTests` changes the
/// known part; this test covers the rest. It changes a file's strings at one JSON path at a
/// time (every track's title, say, and nothing else), a post's text, or one value of site.yml,
/// and requires every lazy page whose whole model changed to have a new fingerprint: a page that
/// reads a file or a setting its inputs do not name fails here, even when the same file also
/// feeds what it knows. The files are one of each kind that lazy pages read
/// (`SITEGEN_RENDER_INPUTS_ALL=1`: the first of every folder of the whole sample, a long run).
@Suite("What a lazy page makes when it renders is covered by its fingerprint")
struct RenderTimeInputsTests {
    /// What is changed, on the sample cut to one artist, listener and city
    /// (`IncrementalPropertyTests.cut`): a folder's first file, or a file. Recordings (tracks,
    /// reviews), a week a page shows (the chart; built on 2026-11-22, a year after it), posts
    /// (the body), and albums, event details and artist info, which lazy pages may read.
    static let targets = ["archive/moe/items", "charts/tapehead77/weeks/1763294400-1763899200.json", "news", "charts/albums",
                          "events/24426/events", "lastfm/artists"]

    @Test func changingWhatAPageReadsWhenItRendersChangesItsFingerprint() async throws {
        try await offThePool {
            let everyFolder = ProcessInfo.processInfo.environment["SITEGEN_RENDER_INPUTS_ALL"] == "1"
            let site = try Self.sample(cut: !everyFolder)
            defer { site.delete() }

            var missed: [String] = []
            var reached: Set<String> = []
            var variants = 0
            // Variants that still load (a change may make a file one the build refuses): only
            // those compare fingerprints.
            var compared = 0
            for file in try Self.chosenFiles(site.content, everyFolder: everyFolder) {
                let url = site.content.appendingPathComponent(file)
                let original = try Data(contentsOf: url)
                defer { try? original.write(to: url) }
                // Each variant is compared with the file as the test writes it unchanged, so that
                // a serializer's spacing is not taken for a change.
                let (plain, changes) = try Self.variants(of: original, file: file)
                try plain.write(to: url)
                let before = try Self.lazyPages(site)
                for (label, data) in changes {
                    try data.write(to: url)
                    variants += 1
                    guard let after = try? Self.lazyPages(site) else { continue }
                    compared += 1
                    let (changed, unnoticed) = Self.changes(from: before, to: after)
                    if !changed.isEmpty { reached.insert(file) }
                    missed += unnoticed.map { "\(file) \(label) → \($0)" }
                }
            }
            #expect(missed.isEmpty, "pages whose rendered model changed but whose fingerprint did not: \(missed.prefix(20))")
            #expect(compared > 20, "only \(compared) of \(variants) changes loaded and were compared")
            for target in Self.targets.prefix(3) {
                #expect(reached.contains { $0.hasPrefix(target) }, "no change to \(target) reached a lazy page's model")
            }
        }
    }

    /// The same for site.yml, one setting at a time: every value in it, the site's own and each
    /// section's, found by walking the document (not listed here), gets another of its kind.
    /// A page that reads a setting its inputs do not name when it renders fails here.
    @Test func changingASettingAPageReadsWhenItRendersChangesItsFingerprint() async throws {
        try await offThePool {
            let site = try Self.sample(cut: true)
            defer { site.delete() }
            let url = site.content.appendingPathComponent("site.yml")
            let original = try String(contentsOf: url, encoding: .utf8)
            let before = try Self.lazyPages(site)
            let variants = try Self.settingVariants(of: original)

            var missed: [String] = []
            var reached: Set<String> = []
            var compared = 0
            for (setting, text) in variants {
                try text.write(to: url, atomically: true, encoding: .utf8)
                guard let after = try? Self.lazyPages(site) else { continue }
                compared += 1
                let (changed, unnoticed) = Self.changes(from: before, to: after)
                if !changed.isEmpty { reached.insert(setting) }
                missed += unnoticed.map { "\(setting) → \($0)" }
            }
            try original.write(to: url, atomically: true, encoding: .utf8)
            #expect(missed.isEmpty, "pages whose rendered model changed with a setting but whose fingerprint did not: \(missed.prefix(20))")
            #expect(variants.count > 15 && compared * 2 > variants.count, "\(compared) of \(variants.count) settings' changes loaded")
            // What posts' bodies and weeks' charts read when they render.
            for setting in ["markdown.raw_html", "charts.min_plays"] {
                #expect(reached.contains(setting), "changing \(setting) reached no lazy page's model")
            }
        }
    }

    /// site.yml with one scalar value changed, by the value's path ("charts.listeners[0].user"):
    /// a flag flipped, a number one more (a fraction a digit longer), a word of a closed set
    /// swapped for another of it, any other text a word longer. Values written other than plain
    /// or simply quoted on one line are left out.
    static func settingVariants(of text: String) throws -> [(String, String)] {
        var values: [(path: String, scalar: Node.Scalar)] = []
        func walk(_ node: Node, _ path: String) {
            switch node {
            case .scalar(let scalar): values.append((path, scalar))
            case .mapping(let mapping):
                for (key, value) in mapping { walk(value, (path.isEmpty ? "" : path + ".") + (key.string ?? "?")) }
            case .sequence(let sequence):
                for (index, value) in sequence.enumerated() { walk(value, "\(path)[\(index)]") }
            case .alias: break
            }
        }
        walk(try YAMLValue.parse(text, file: "site.yml").node, "")
        let swaps = ["newest_first": "oldest_first", "oldest_first": "newest_first", "en": "de", "de": "en",
                     "Europe/London": "America/New_York"]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        return values.compactMap { path, scalar in
            guard let mark = scalar.mark, mark.line <= lines.count else { return nil }
            let value = scalar.string
            let quote: String
            switch scalar.style {
            case .plain: quote = ""
            case .singleQuoted where !value.contains("'"): quote = "'"
            case .doubleQuoted where !value.contains("\"") && !value.contains("\\"): quote = "\""
            default: return nil
            }
            let written = Array((quote + value + quote).unicodeScalars)
            let line = lines[mark.line - 1], start = mark.column - 1
            guard start + written.count <= line.count, Array(line[start..<start + written.count]) == written else { return nil }
            let changed: String
            if value == "true" || value == "false" { changed = value == "true" ? "false" : "true" }
            else if let number = Int(value) { changed = String(number + 1) }
            else if Double(value) != nil { changed = value + "1" }
            else if let swap = swaps[value] { changed = swap }
            else if value.contains("://") { changed = value + "changed/" }
            else { changed = value + " changed" }
            var edited = lines
            edited[mark.line - 1] = Array(line[..<start]) + Array((quote + changed + quote).unicodeScalars) + Array(line[(start + written.count)...])
            return (path, edited.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n"))
        }
    }

    /// The lazy pages whose whole model changed, and of those the ones whose fingerprint did not.
    static func changes(from before: [String: (fingerprint: Digest, whole: Digest)],
                        to after: [String: (fingerprint: Digest, whole: Digest)]) -> (changed: [String], unnoticed: [String]) {
        let changed = before.keys.sorted().filter { path in after[path].map { $0.whole != before[path]!.whole } ?? false }
        return (changed, changed.filter { after[$0]!.fingerprint == before[$0]!.fingerprint })
    }

    /// A copy of the sample's content, cut to one artist, listener and city or whole.
    static func sample(cut: Bool) throws -> TemporarySite {
        let site = try TemporarySite([:])
        try FileManager.default.removeItem(at: site.content)
        try FileManager.default.copyItem(at: TestPaths.content, to: site.content)
        if cut { try IncrementalPropertyTests.cut(site) }
        return site
    }

    /// Each lazy page's fingerprint and the digest of its whole model, by path.
    static func lazyPages(_ site: TemporarySite) throws -> [String: (fingerprint: Digest, whole: Digest)] {
        let run = BuildRun(builder: SiteBuilder(options: site.options(), sections: SectionRegistry.all, generator: "test"), startedAt: 0)
        let loaded = try run.loadStage(previous: nil, trusted: nil, changes: nil, warnings: WarningLog())
        let model = run.makeModel(loaded, warnings: WarningLog())
        var result: [String: (fingerprint: Digest, whole: Digest)] = [:]
        for page in try run.makePages(loaded, model: model, trusted: nil).work.map(\.page) {
            guard case .template(_, let body) = page.body, body is LazyModel, let whole = try page.viewModel else { continue }
            let fingerprint = loaded.fingerprints.page(page, siteWide: model.siteWide, partials: ModelFingerprint.SharedPartials())
            result[page.path.value] = (fingerprint, ModelFingerprint.recorded(whole).digest)
        }
        return result
    }

    /// The files of `targets` and the first JSON or Markdown file by name of each of its
    /// folders, or of every folder.
    static func chosenFiles(_ content: URL, everyFolder: Bool) throws -> [String] {
        let files = targets.filter { $0.hasSuffix(".json") || $0.hasSuffix(".md") }
        var folders = Set(targets).subtracting(files)
        if everyFolder {
            let walker = FileManager.default.enumerator(atPath: content.path)
            while let relative = walker?.nextObject() as? String {
                if relative.hasSuffix(".json") || relative.hasSuffix(".md") { folders.insert((relative as NSString).deletingLastPathComponent) }
            }
        }
        return try files + folders.sorted().compactMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(".json") || $0.hasSuffix(".md") }.sorted().first.map { folder + "/" + $0 }
        }
    }

    /// The file as the test writes it unchanged, and one changed copy for each JSON path
    /// (array positions left out) that holds strings: those strings get a word more. A post
    /// gets a paragraph more.
    static func variants(of data: Data, file: String) throws -> (plain: Data, changes: [(String, Data)]) {
        if file.hasSuffix(".md") { return (data, [("body", data + Data("\n\nA paragraph added by the test.\n".utf8))]) }
        let root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        func strings(_ value: Any, _ path: String, into paths: inout Set<String>) {
            if let object = value as? [String: Any] {
                for (key, item) in object { strings(item, path + "." + key, into: &paths) }
            } else if let array = value as? [Any] {
                for item in array { strings(item, path + "[]", into: &paths) }
            } else if value is String {
                paths.insert(path)
            }
        }
        func changed(_ value: Any, _ path: String, at target: String) -> Any {
            if let object = value as? [String: Any] {
                return object.reduce(into: [String: Any]()) { $0[$1.key] = changed($1.value, path + "." + $1.key, at: target) }
            } else if let array = value as? [Any] {
                return array.map { changed($0, path + "[]", at: target) }
            } else if let text = value as? String, path == target {
                return text + " changed"
            }
            return value
        }
        func written(_ value: Any) throws -> Data {
            try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        }
        var paths: Set<String> = []
        strings(root, "$", into: &paths)
        return (try written(root), try paths.sorted().map { ($0, try written(changed(root, "$", at: $0))) })
    }
}
