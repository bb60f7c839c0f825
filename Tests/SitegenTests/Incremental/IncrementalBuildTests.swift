import Foundation
import Sitegen
import SitegenCore
import Testing

/// Single edits re-render exactly the pages that depend on them, and the result always equals a
/// clean build of the same inputs.
@Suite("Incremental builds")
struct IncrementalBuildTests {
    static func post(_ title: String, date: String, tags: String = "[tapes]", body: String = "Body.") -> String {
        "---\ntitle: \(title)\ndate: \(date)\ntags: \(tags)\nsummary: About \(title).\n---\n\(body)\n"
    }

    static func site() throws -> TemporarySite {
        try TemporarySite([
            "Content/site.yml": "title: T\nbase_url: https://example.org/\nnews:\n  page_size: 2\n",
            "Content/news/2026-11-01-a.md": post("A", date: "2026-11-01"),
            "Content/news/2026-11-02-b.md": post("B", date: "2026-11-02", tags: "[tapes, shows]"),
            "Content/news/2026-11-03-c.md": post("C", date: "2026-11-03"),
            "Content/news/2026-11-04-d.md": post("D", date: "2026-11-04", tags: "[shows]"),
            "Content/news/2026-12-01-later.md": post("Later", date: "2026-12-01"),
            "Content/static/images/x.svg": "<svg/>",
        ])
    }

    /// Builds `site` clean into a second folder and expects identical files.
    static func expectSameAsClean(_ site: TemporarySite, date: String = "2026-11-22", sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let clean = site.root.appendingPathComponent("Clean")
        try? FileManager.default.removeItem(at: clean)
        var options = site.options(date: date, output: clean)
        options.clean = true
        _ = try SiteBuilder(options: options, sections: SectionRegistry.all, generator: Sitegen.generator).build()
        let incremental = site.outputFiles()
        let expected = SiteFiles.read(clean)
        #expect(incremental.keys.sorted() == expected.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in expected where incremental[path] != data {
            Issue.record("\(path) differs from a clean build", sourceLocation: sourceLocation)
        }
    }

    @Test func aRebuildWithNoChangeWritesNothing() throws {
        let site = try Self.site()
        defer { site.delete() }
        let first = try site.build()
        #expect(first.fullBuildReason != nil)
        let second = try site.build()
        #expect(second.written.isEmpty)
        #expect(second.rendered.isEmpty)
        #expect(second.removed.isEmpty)
        #expect(second.reusedSections == SectionRegistry.all.map { $0.key })
        #expect(second.unchanged == first.totalFiles)
    }

    @Test func aNoOpBuildLeavesTheManifestAsItWasAndAnEditRewritesIt() throws {
        let site = try Self.site()
        defer { site.delete() }
        // Files written in the two seconds before a build cannot be trusted by their stats; the
        // next build then writes a manifest that says when it started, though nothing changed.
        SiteEditor(site: site).backdateEverything()
        try site.build()
        let url = Manifest.location(for: site.output).appendingPathComponent("index")
        let before = try Data(contentsOf: url)
        let written = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        try site.build()
        #expect(try Data(contentsOf: url) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date == written)
        try site.write(Self.post("A", date: "2026-11-01", body: "Changed."), to: "Content/news/2026-11-01-a.md")
        try site.build()
        #expect(try Data(contentsOf: url) != before)
        try Self.expectSameAsClean(site)
    }

    @Test func editingABodyRerendersThatPostAndTheFeed() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build()
        try site.write(Self.post("B", date: "2026-11-02", tags: "[tapes, shows]", body: "A new body."), to: "Content/news/2026-11-02-b.md")
        let report = try site.build()
        // The body's words are in the search index: its one shard changes too.
        #expect(report.written.sorted() == ["feed.xml", "news/b/index.html", "search-news/t/t.json"])
        #expect(Set(report.rendered) == ["feed.xml", "news/b/index.html", "search-news/t/t.json"])
        try Self.expectSameAsClean(site)
    }

    @Test func editingATitleReachesEveryListing() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build()
        try site.write(Self.post("Bee", date: "2026-11-02", tags: "[tapes, shows]"), to: "Content/news/2026-11-02-b.md")
        let report = try site.build()
        let written = Set(report.written)
        for path in ["news/b/index.html", "news/a/index.html", "news/c/index.html", "news/page/2/index.html",
                     "news/tags/tapes/index.html", "news/tags/shows/index.html", "feed.xml", "index.html"] {
            #expect(written.contains(path), "\(path) should be rewritten")
        }
        #expect(!written.contains("news/d/index.html"))
        #expect(!written.contains("news/index.html"), "page 1 shows D and C only")
        try Self.expectSameAsClean(site)
    }

    @Test func editingATemplateRerendersExactlyThePagesThatUseIt() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build()
        let template = try String(contentsOf: site.templates.appendingPathComponent("news/post.mustache"), encoding: .utf8)
        try site.write(template.replacingOccurrences(of: "<h1>{{title}}</h1>", with: "<h1 class=\"t\">{{title}}</h1>"),
                       to: "Templates/news/post.mustache")
        let report = try site.build()
        #expect(Set(report.rendered) == ["news/a/index.html", "news/b/index.html", "news/c/index.html", "news/d/index.html"])
        try Self.expectSameAsClean(site)

        let partial = try String(contentsOf: site.templates.appendingPathComponent("partials/footer.mustache"), encoding: .utf8)
        try site.write(partial + "<!-- footer edit -->\n", to: "Templates/partials/footer.mustache")
        let everything = try site.build()
        let pages = site.outputFiles().keys.filter { $0.hasSuffix(".html") }
        #expect(Set(everything.rendered) == Set(pages), "every HTML page uses the footer; the feed and sitemap do not")
        try Self.expectSameAsClean(site)
    }

    @Test func editingACachedPartialRerendersTheListsThatShowIt() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build()
        let partial = try String(contentsOf: site.templates.appendingPathComponent("partials/post-summary.mustache"), encoding: .utf8)
        try site.write(partial.replacingOccurrences(of: "<article class=\"post-summary\">", with: "<article class=\"post-summary edited\">"),
                       to: "Templates/partials/post-summary.mustache")
        let report = try site.build()
        let rendered = Set(report.rendered)
        for path in ["index.html", "news/index.html", "news/page/2/index.html", "news/tags/tapes/index.html"] {
            #expect(rendered.contains(path), "\(path) shows post summaries")
        }
        #expect(!rendered.contains("news/a/index.html"))
        #expect(site.read("news/index.html")?.contains("post-summary edited") == true)
        try Self.expectSameAsClean(site)

        try site.remove("Templates/partials/post-summary.mustache")
        #expect { try site.build() } throws: { "\($0)".contains("partials/post-summary.mustache") }
    }

    @Test func changingTheDatePublishesAFuturePost() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build(date: "2026-11-22")
        #expect(!site.exists("news/later/index.html"))
        let report = try site.build(date: "2026-12-02")
        #expect(site.exists("news/later/index.html"))
        #expect(report.written.contains("news/later/index.html"))
        #expect(!report.written.contains("news/a/index.html"))
        try Self.expectSameAsClean(site, date: "2026-12-02")
    }

    @Test func removingAPostRemovesItsPageTagAndFeedEntry() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build()
        #expect(site.read("news/tags/shows/index.html")?.contains("news/d/") == true)
        try site.remove("Content/news/2026-11-04-d.md")
        let report = try site.build()
        #expect(report.removed == ["news/d/index.html"])
        #expect(!site.exists("news/d/index.html"))
        #expect(site.read("news/tags/shows/index.html")?.contains("news/d/") == false)
        #expect(site.read("feed.xml")?.contains("news/d/") == false)
        try Self.expectSameAsClean(site)
    }

    @Test func staticFilesAreCopiedOnlyWhenChangedAndRemovedWhenGone() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build()
        #expect(try site.build().written.isEmpty)
        try site.write("<svg id=\"new\"/>", to: "Content/static/images/x.svg")
        #expect(try site.build().written == ["images/x.svg"])
        try site.remove("Content/static/images/x.svg")
        #expect(try site.build().removed == ["images/x.svg"])
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("images").path))
    }

    @Test func aFileDeletedFromTheOutputIsWrittenAgain() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build()
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("news/a/index.html"))
        try site.write("---\ntitle: New\ndate: 2026-11-05\n---\n", to: "Content/news/2026-11-05-new.md")
        #expect(try site.build().written.contains("news/a/index.html"))
        try Self.expectSameAsClean(site)
    }

    @Test func cleanRemovesStrayFiles() throws {
        let site = try Self.site()
        defer { site.delete() }
        try site.build()
        try site.write("stray", to: "Output/stray.txt")
        var options = site.options()
        options.clean = true
        let report = try Sitegen.build(options)
        #expect(report.removed == ["stray.txt"])
        #expect(report.fullBuildReason == "a clean build was asked for")
    }
}
