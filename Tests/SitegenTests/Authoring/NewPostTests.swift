import Foundation
import Sitegen
import SitegenCore
import SitegenNews
import Testing

@Suite("sitegen new post")
struct NewPostTests {
    func write(_ title: String, site: TemporarySite, tags: [String] = [], draft: Bool = false) throws(SitegenError) -> URL {
        try NewPost.write(title: title, tags: tags, draft: draft, date: LocalDate(iso: "2026-11-20")!, content: site.content,
                          contentName: "Content", templates: site.templates, templatesName: "Templates")
    }

    @Test func aNonASCIITitleGetsTheBuildsSlugAndIsPublishedThere() throws {
        let site = try TemporarySite([:])
        defer { site.delete() }
        let title = "Sigur Rós: \"Live\" in Reykjavík — Ágætis byrjun"
        let file = try write(title, site: site, tags: ["live", "Ísland"])
        // Accents fold away; letters that are no letter with a mark (æ) are spelt out, as in every slug of the build.
        #expect(file.lastPathComponent == "2026-11-20-sigur-ros-live-in-reykjavik-agaetis-byrjun.md")
        #expect(file.lastPathComponent.dropFirst(11).dropLast(3) == Slug.make(title))
        try site.build()
        let page = try #require(site.read("news/sigur-ros-live-in-reykjavik-agaetis-byrjun/index.html"))
        // The colon and quotes in the title stay one YAML string; the tags are the post's.
        #expect(page.contains("<h1>Sigur Rós: &quot;Live&quot; in Reykjavík — Ágætis byrjun</h1>"))
        #expect(site.exists("news/tags/island/index.html"))
        #expect(site.exists("news/tags/live/index.html"))
    }

    @Test func titlesWithoutLatinLettersGetSlugsOfTheirOwn() throws {
        let site = try TemporarySite([:])
        defer { site.delete() }
        let first = try write("見える", site: site), second = try write("Кино", site: site)
        #expect(first.lastPathComponent != second.lastPathComponent)
        #expect(first.lastPathComponent.hasPrefix("2026-11-20-post-") && second.lastPathComponent.hasPrefix("2026-11-20-post-"))
        try site.build()
    }

    /// Titles that mix another script with a Latin word, or run long, once gave one slug to
    /// two posts ("見える Live", "Кино Live" → "live") or a file name too long to write; and a
    /// new post could take a slug another post has, which the build then refuses.
    @Test func newPostsNeverShareASlug() throws {
        let site = try TemporarySite(["Content/news/2026-10-01-old.md": "---\ntitle: Old\nslug: welcome\n---\nText.\n"])
        defer { site.delete() }
        let first = try write("見える Live", site: site), second = try write("Кино Live", site: site)
        #expect(first.lastPathComponent.hasPrefix("2026-11-20-live-") && first.lastPathComponent != second.lastPathComponent)
        let long = try write(String(repeating: "a", count: 300), site: site)
        #expect(long.lastPathComponent.utf8.count < 130)
        #expect { try write("Welcome", site: site) } throws: { "\($0)".contains("slug `welcome` exists already") && "\($0)".contains("2026-10-01-old.md") }
        _ = try write("Fresh", site: site)
        #expect { _ = try NewPost.write(title: "Fresh", tags: [], draft: false, date: LocalDate(iso: "2026-11-21")!, content: site.content,
                                        contentName: "Content", templates: site.templates, templatesName: "Templates") }
            throws: { "\($0)".contains("2026-11-20-fresh.md") }
        try site.build()
    }

    @Test func tomlFrontMatterIsNamedWithWhatToDo() throws {
        let site = try TemporarySite(["Content/news/2026-11-20-hugo.md": "+++\ntitle = \"Hugo\"\ndate = 2026-11-20\n+++\nText.\n"])
        defer { site.delete() }
        #expect { try site.build() } throws: { "\($0)".contains("front matter in TOML") && "\($0)".contains("2026-11-20-hugo.md") }
    }

    @Test func refusesToOverwriteAndDraftsWaitForDrafts() throws {
        let site = try TemporarySite([:])
        defer { site.delete() }
        let file = try write("Soon", site: site, draft: true)
        try Data("edited".utf8).write(to: file)
        #expect(throws: SitegenError.self) { try write("Soon", site: site) }
        #expect(try String(contentsOf: file, encoding: .utf8) == "edited")
        try FileManager.default.removeItem(at: file)
        _ = try write("Soon", site: site, draft: true)
        try site.build()
        #expect(!site.exists("news/soon/index.html"))
        try site.build(drafts: true)
        #expect(site.exists("news/soon/index.html"))
    }

    @Test func theArchetypeIsTheSiteOwners() throws {
        let site = try TemporarySite([:])
        defer { site.delete() }
        try site.write("---\ntitle: {{{title}}}\ndate: {{{date}}}\nauthor: \"Ann\"\n---\nHello.\n", to: "Templates/archetypes/post.md")
        let file = try write("Mine", site: site)
        #expect(try String(contentsOf: file, encoding: .utf8) == "---\ntitle: \"Mine\"\ndate: \"2026-11-20\"\nauthor: \"Ann\"\n---\nHello.\n")
        try site.remove("Templates/archetypes/post.md")
        #expect(throws: SitegenError.self) { try write("Other", site: site) }
    }
}
