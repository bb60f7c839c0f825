import Foundation
import Sitegen
@testable import SitegenCore
import Testing

/// A lazy page (`LazyModel`) is fingerprinted by what it knows when listed and by its inputs;
/// the rest of its model (a recording's tracks, a post's body, a week's chart) is made when it
/// renders, from content files that its inputs must name. `ViewModelMutationTests` changes the
/// known part; this test covers the rest. It changes a file's strings at one JSON path at a
/// time (every track's title, say, and nothing else) or a post's text, and requires every lazy
/// page whose whole model changed to have a new fingerprint: a page that reads a file its
/// inputs do not name fails here, even when the same file also feeds what it knows. The files
/// are one of each kind that lazy pages read (`SITEGEN_RENDER_INPUTS_ALL=1`: the first of
/// every folder of the whole sample, a long run).
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
            let site = try TemporarySite([:])
            defer { site.delete() }
            try FileManager.default.removeItem(at: site.content)
            try FileManager.default.copyItem(at: TestPaths.content, to: site.content)
            let everyFolder = ProcessInfo.processInfo.environment["SITEGEN_RENDER_INPUTS_ALL"] == "1"
            if !everyFolder { try IncrementalPropertyTests.cut(site) }

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
                    for (path, old) in before {
                        guard let new = after[path], new.whole != old.whole else { continue }
                        reached.insert(file)
                        if new.fingerprint == old.fingerprint { missed.append("\(file) \(label) → \(path)") }
                    }
                }
            }
            #expect(missed.isEmpty, "pages whose rendered model changed but whose fingerprint did not: \(missed.prefix(20))")
            #expect(compared > 20, "only \(compared) of \(variants) changes loaded and were compared")
            for target in Self.targets.prefix(3) {
                #expect(reached.contains { $0.hasPrefix(target) }, "no change to \(target) reached a lazy page's model")
            }
        }
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
