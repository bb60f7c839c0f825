import Foundation
import Sitegen
@testable import SitegenCore
import Testing

/// A page is re-rendered only when its fingerprint changes. The fingerprint holds the page's
/// meta and its model (or what a lazy model knows), so every field of every view model must
/// change it: this test changes each field of each type in the sample site's pages, one at a
/// time, and checks the page's fingerprint each time. The fields are found by reflection
/// (`FieldMutations`), so a field added to any view model is tried without being listed.
@Suite("Every view-model field is in its page's fingerprint")
struct ViewModelMutationTests {
    /// How many pages of one template each field is tried on.
    static let triesPerField = 3

    @Test func everyFieldOfEveryViewModelChangesThePageFingerprint() throws {
        // The sample, with what it lacks so that every view-model type has a value to try: an
        // artist with year pages (the Grateful Dead's 17 concerts) beside artists without, and a
        // post with a table of contents.
        let site = try TemporarySite([:])
        defer { site.delete() }
        try FileManager.default.removeItem(at: site.content)
        try FileManager.default.copyItem(at: TestPaths.content, to: site.content)
        let settings = try String(contentsOf: site.content.appendingPathComponent("site.yml"), encoding: .utf8)
        try site.write(settings.replacingOccurrences(of: "year_pages_over: 300", with: "year_pages_over: 10"), to: "Content/site.yml")
        try site.write("---\ntitle: Contents\ndate: 2026-11-20\ntoc: true\n---\n## One\n\nText.\n\n## Two\n\nMore.\n",
                       to: "Content/news/2026-11-20-contents.md")
        let options = BuildOptions(content: site.content, templates: TestPaths.templates, output: site.output,
                                   date: LocalDate(iso: "2026-11-22"), workingDirectory: site.root)
        let run = BuildRun(builder: SiteBuilder(options: options, sections: SectionRegistry.all, generator: "test"), startedAt: 0)
        let loaded = try run.loadStage(previous: nil, trusted: nil, changes: nil, warnings: WarningLog())
        let model = run.makeModel(loaded, warnings: WarningLog())
        let pages = try run.makePages(loaded, model: model, trusted: nil).work.map(\.page)

        let examples = ExampleValues()
        var inconsistent: [String] = []
        for page in pages {
            examples.collect(page.meta)
            guard let model = try page.fingerprintedModel else { continue }
            examples.collect(model)
            // A lazy model's details (tracks, reviews, the selector's tiles) are made at render,
            // from files the page lists as inputs: their values come from the whole model.
            if case .template(_, let body) = page.body, let lazy = body as? LazyModel { examples.collect(try lazy.make(true)) }
            // What a lazy model knew when listed is what it makes again without its details.
            if case .template(_, let body) = page.body, let lazy = body as? LazyModel,
               lazy.known.digest != ModelFingerprint.recorded(model).digest {
                inconsistent.append(page.path.value)
            }
        }
        #expect(inconsistent.isEmpty, "lazy models whose known part differs from make(false): \(inconsistent.prefix(10))")
        var tries: [String: Int] = [:]
        var template = ""
        let mutations = FieldMutations(examples: examples, wanted: { path in
            let key = template + " " + path
            tries[key, default: 0] += 1
            return tries[key]! <= Self.triesPerField
        }, unchangeable: FieldMutations.Recorder())

        var changed: Set<String> = []
        var unseen: [String] = []
        var tried = 0
        for page in pages {
            guard case .template(let name, let body) = page.body, let recorded = try page.fingerprintedModel else { continue }
            template = name
            // A build fingerprints a cached partial's model once per key; a changed copy keeps the
            // key, so each fingerprint here gets a cache of its own.
            func fingerprint(_ page: Page) -> Digest {
                loaded.fingerprints.page(page, siteWide: model.siteWide, partials: ModelFingerprint.SharedPartials())
            }
            let original = fingerprint(page)
            var variants: [(path: String, page: Page)] = []
            for mutation in mutations.of(recorded, path: "model") {
                var copy = page
                let value = mutation.value as! any Sendable
                if let lazy = body as? LazyModel {
                    copy.body = .template(name, model: LazyModel(known: value, lazy.make))
                } else {
                    copy.body = .template(name, model: value)
                }
                variants.append((mutation.path, copy))
            }
            for mutation in mutations.of(page.meta, path: "meta") {
                var copy = page
                copy.meta = mutation.value as! PageMeta
                variants.append((mutation.path, copy))
            }
            for variant in variants {
                tried += 1
                if fingerprint(variant.page) == original {
                    unseen.append("\(page.path.value) (\(name)): \(variant.path)")
                } else {
                    changed.insert(variant.path)
                }
            }
        }
        #expect(unseen.isEmpty, "changes the fingerprint missed: \(unseen.prefix(20))")
        #expect(tried > 1000, "the sample's models gave only \(tried) mutations")
        // Every kind of model the sample has must be reached: the page models of each section.
        for type in ["ConcertPageModel", "RecordingPageModel", "ArtistPageModel", "ConcertCellModel", "CellTileModel",
                     "PostPageModel", "PostSummaryModel", "FeedModel", "PageMeta"] {
            #expect(changed.contains { $0.hasPrefix(type + ".") }, "no field of \(type) was changed")
        }
        #expect(mutations.unchangeable.paths.isEmpty, "fields of types the test cannot change: \(mutations.unchangeable.paths.sorted())")
    }
}
