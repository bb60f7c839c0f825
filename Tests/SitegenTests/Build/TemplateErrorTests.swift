import Foundation
@testable import SitegenCore
import Testing

@Suite("Template errors")
struct TemplateErrorTests {
    /// A site of one news post, whose templates the tests then break.
    static func onePostSite() throws -> TemporarySite {
        try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
    }

    @Test func syntaxErrorNamesFileLineAndColumn() throws {
        let site = try Self.onePostSite()
        defer { site.delete() }
        try site.write("{{<layout}}\n{{$content}}\n<h1>{{title}</h1>\n{{/content}}\n{{/layout}}\n", to: "Templates/news/post.mustache")
        do {
            try site.build()
            Issue.record("the build should fail")
        } catch {
            #expect(error.location?.file == "Templates/news/post.mustache")
            #expect(error.location?.line == 3)
            #expect(error.location?.column != nil)
            #expect(error.message.contains("template does not parse"))
        }
    }

    /// A mistyped --templates is the one problem worth telling: no section's cache is read
    /// first (here a broken post, whose error would otherwise be listed beside it).
    @Test(arguments: [false, true])
    func aMissingTemplatesFolderIsReportedBeforeAnySectionIsRead(aFileInstead: Bool) throws {
        let site = try TemporarySite(["Content/news/broken.md": "---\ntitle: [unclosed\n---\n"])
        defer { site.delete() }
        try site.remove("Templates")
        if aFileInstead { try site.write("not a folder", to: "Templates") }
        do {
            try site.build()
            Issue.record("the build should fail")
        } catch {
            let problems = error.problems.map(\.description)
            #expect(problems.contains { $0.contains("templates folder not found") }, "\(problems)")
            #expect(!problems.contains { $0.contains("broken.md") }, "\(problems)")
            #expect(!site.exists("index.html"))
        }
    }

    @Test func unclosedSectionIsReported() throws {
        #expect(throws: SitegenError.self) { try TemplateSet(sources: ["a": "{{#items}}\n<li>{{name}}</li>\n"]) }
    }

    /// Every broken template is listed in one run, an unclosed section where it was opened, a
    /// section closed under another name with both names.
    @Test func everyBrokenTemplateIsReportedAtOnce() throws {
        let sources = ["layout": "<html>\n{{$content}}{{/content}}\n</html>\n",
                       "a": "one\n{{title}\n", "b": "x\ny\n  {{#items}}\n<li>{{name}}</li>\nend\n", "c": "{{>missing}}\n",
                       "d": "{{#content}}\n  {{#items}}x{{/items}}\n  {{/contnt}}\n"]
        do {
            _ = try TemplateSet(sources: sources)
            Issue.record("the templates should not parse")
        } catch {
            let problems = error.problems
            #expect(problems.count == 4, "\(problems.map(\.description))")
            #expect(problems.contains { $0.location?.file == "Templates/a.mustache" && $0.location?.line == 2 })
            #expect(problems.contains { $0.location?.file == "Templates/b.mustache" && $0.location?.line == 3 && $0.location?.column == 3
                && $0.message.contains("`items` opened here is never closed") })
            #expect(problems.contains { $0.location?.file == "Templates/c.mustache" && $0.message.contains("missing") })
            // A section closed under another name: both names, and both places.
            #expect(problems.contains { $0.location?.file == "Templates/d.mustache" && $0.location?.line == 3 && $0.location?.column == 3
                && $0.message == "template does not parse: the section `content` opened at line 1, column 1 is closed here as `contnt`" },
                    "\(problems.map(\.description))")
        }
    }

    /// A partial that exists but cannot be read is reported once, as unreadable, not also as
    /// missing where it is used.
    @Test func anUnreadablePartialIsNotAlsoMissing() throws {
        let folder = TemporaryFolder.path("templates")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("partials"), withIntermediateDirectories: true)
        try Data("{{>partials/bad}}\n".utf8).write(to: folder.appendingPathComponent("page.mustache"))
        try Data([0x66, 0xFF, 0xFE]).write(to: folder.appendingPathComponent("partials/bad.mustache"))
        do {
            _ = try TemplateSet.load(from: folder, folderName: "Templates")
            Issue.record("the templates should not load")
        } catch {
            #expect(error.problems.map(\.description) == ["Templates/partials/bad.mustache: error: cannot read template (is it UTF-8?)"],
                    "\(error.problems.map(\.description))")
        }
    }

    @Test func missingPartialIsReportedWhereItIsUsed() {
        do {
            _ = try TemplateSet(sources: ["page": "<p>\n  {{>partials/nope}}</p>"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "Templates/page.mustache:2:3: error: template refers to `partials/nope`, but there is no Templates/partials/nope.mustache")
        }
    }

    @Test func missingCachedPartialIsReportedWhereItIsUsed() {
        do {
            _ = try TemplateSet(sources: ["page": "<p>{{{cached.header}}}</p>\n{{{ cached.nope }}}", "partials/header": "h"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "Templates/page.mustache:2:1: error: template refers to `partials/nope`, but there is no Templates/partials/nope.mustache")
        }
    }

    @Test("a template that includes itself, at once or through others, is an error where the loop starts, not a crash")
    func templatesThatIncludeThemselves() throws {
        func problems(_ sources: [String: String]) -> [String] {
            do {
                _ = try TemplateSet(sources: sources)
                return []
            } catch {
                return error.problems.map(\.description)
            }
        }
        #expect(problems(["partials/banner": "<div>\n  {{>partials/banner}}</div>"])
            == ["Templates/partials/banner.mustache:2:3: error: this template includes itself (partials/banner → partials/banner): "
                + "rendering it would never end; remove the tag, or the include that leads back"])
        // Inside a section too: `nav` is found again in the outer context, so no data ends it.
        let loop = problems(["layout": "{{$content}}{{/content}}{{#nav}}{{>partials/a}}{{/nav}}", "partials/a": "{{>partials/b}}",
                             "partials/b": "{{>layout}}", "page": "{{<layout}}{{/layout}}"])
        #expect(loop.count == 1 && loop[0].hasPrefix(
            "Templates/layout.mustache:1:33: error: this template includes itself (layout → partials/a → partials/b → layout)"), "\(loop)")
        let cached = problems(["partials/header": "x\n{{{cached.header}}}"])
        #expect(cached.count == 1 && cached[0].hasPrefix("Templates/partials/header.mustache:2:1: error: this template includes itself"), "\(cached)")
        #expect(problems(["layout": "{{<layout}}{{/layout}}"]).count == 1)
        // Lines end at CRLF too (Windows editors), and a comment that names a partial includes nothing.
        #expect(problems(["partials/banner": "<div>\r\n  {{! was {{>partials/banner}} }}{{>partials/banner}}</div>"])
            == ["Templates/partials/banner.mustache:2:34: error: this template includes itself (partials/banner → partials/banner): "
                + "rendering it would never end; remove the tag, or the include that leads back"])
        #expect(problems(["partials/note": "{{! {{>partials/note}} }}"]) == [])
        // A template used twice, by different paths, is no loop.
        #expect(problems(["page": "{{>partials/a}}{{>partials/b}}", "partials/a": "{{>partials/c}}", "partials/b": "{{>partials/c}}",
                          "partials/c": "c"]) == [])
    }

    @Test("a strings key no strings file has is a warning where the template names it; optional plural forms are not")
    func unknownStringsKey() throws {
        let site = try Self.onePostSite()
        defer { site.delete() }
        try site.write("{{$content}}\n<p>{{strings.tody}} {{#strings.subscribe}}x{{/strings.subscribe}} {{strings.plays.few}}</p>{{/content}}",
                       to: "Templates/partials/extra.mustache")
        let layout = try String(contentsOf: site.root.appendingPathComponent("Templates/layout.mustache"), encoding: .utf8)
        try site.write(layout + "{{>partials/extra}}", to: "Templates/layout.mustache")
        let warnings = try site.build().warnings.map(\.description)
        #expect(warnings == ["Templates/partials/extra.mustache:2:4: warning: `strings.tody` is not a key of the strings files: it shows as nothing"],
                "\(warnings)")
    }

    @Test("a navigation entry is worded by the strings files; without its key it shows the key, with a warning")
    func navigationWords() throws {
        let site = try Self.onePostSite()
        defer { site.delete() }
        let english = try String(contentsOf: site.templates.appendingPathComponent("strings/en.yml"), encoding: .utf8)
        try site.write(english.replacingOccurrences(of: "nav_news: \"News\"", with: "nav_news: \"Latest\""), to: "Templates/strings/en.yml")
        #expect(try site.build().warnings.isEmpty)
        #expect(site.read("news/index.html")?.contains("aria-current=\"true\">Latest</a>") == true)

        try site.write(english.replacingOccurrences(of: "nav_news: \"News\"\n", with: ""), to: "Templates/strings/en.yml")
        let warnings = try site.build().warnings.map(\.description)
        #expect(warnings == ["Templates/strings/en.yml: warning: `nav_news` is not a key of the strings files: the navigation shows `news` for it"],
                "\(warnings)")
        #expect(site.read("news/index.html")?.contains("aria-current=\"true\">news</a>") == true)

        // A translation's navigation key that en.yml lacks words an entry only if one has that key.
        try site.write(english, to: "Templates/strings/en.yml")
        try site.write("title: T\nbase_url: https://example.org/\nlanguage: de\n", to: "Content/site.yml")
        try site.write("nav_nwes: Neues\nnav_news: Neuigkeiten\n", to: "Templates/strings/de.yml")
        let german = try site.build().warnings.map(\.description)
        #expect(german.contains("Templates/strings/de.yml:1:11: warning: `nav_nwes` is not a key of en.yml and words no entry of the navigation: nothing shows it"),
                "\(german)")
        #expect(site.read("news/index.html")?.contains("aria-current=\"true\">Neuigkeiten</a>") == true)
    }

    @Test("tags are placed by line and column after any newline a Character knows, and columns count Characters")
    func tagPlaces() {
        let text = "é{{a}}ü{{z}}\r\n{{#b}}\r{{/b}}\u{2028}x{{{ c }}}\n{{! note }}{{&\u{00A0}d\u{00A0}}}\u{85}{{e.f}} {{e"
        let found = TemplateReferences.tags(in: text)
        #expect(!found.delimitersChanged)
        #expect(found.tags.map { "\($0.marker.map(String.init) ?? "")\($0.name) \($0.reference.line):\($0.reference.column)" }
                == ["a 1:2", "z 1:8", "#b 2:1", "/b 3:1", "{c 4:2", "&d 5:12", "e.f 6:1"])
        #expect(TemplateReferences.tags(in: "{{x}}{{=<% %>=}}{{y}}").delimitersChanged)
    }

    @Test("a name nothing on the page has is a warning where the template names it; an optional without a value is not")
    func undeclaredName() throws {
        let site = try Self.onePostSite()
        defer { site.delete() }
        // `.Title`, a Hugo habit, is looked up in the current value only; `.canonical` is found there.
        try site.write("<p>{{titel}} {{#page.heading}}{{page.headnig}}{{/page.heading}} {{#empty(tgas)}}x{{/empty(tgas)}}"
                       + " {{page.image}} {{ .Title }}{{#page}}{{.canonical}}{{/page}}</p>", to: "Templates/partials/extra.mustache")
        let layout = try String(contentsOf: site.root.appendingPathComponent("Templates/layout.mustache"), encoding: .utf8)
        try site.write(layout + "{{>partials/extra}}", to: "Templates/layout.mustache")
        let message = "names nothing the page has, so it shows as nothing (a mistyped name?)"
        let expected = ["Templates/partials/extra.mustache:1:4: warning: `titel` \(message)",
                        "Templates/partials/extra.mustache:1:31: warning: `page.headnig` \(message)",
                        "Templates/partials/extra.mustache:1:65: warning: `tgas` \(message)",
                        "Templates/partials/extra.mustache:1:114: warning: `.Title` \(message)"]
        let first = try site.build().warnings.map(\.description)
        #expect(first == expected, "\(first)")
        // A build that renders no page with the template again says nothing; one that does, again.
        #expect(try site.build().warnings.isEmpty)
        try site.write("---\ntitle: B\ndate: 2026-11-02\n---\n", to: "Content/news/a.md")
        #expect(try site.build().warnings.map(\.description) == expected)
    }

    @Test("on the home page a section's key is known with a block or without; the tag is named where it is written")
    func undeclaredOnHome() throws {
        let site = try Self.onePostSite()
        defer { site.delete() }
        // `title` is in the header partial too, inside `{{#nav}}`, where it is found: only the home page's own tag is named.
        try site.write("{{<layout}}{{$content}}{{#nwes}}x{{/nwes}}{{#events}}y{{/events}}{{title}}{{/content}}{{/layout}}",
                       to: "Templates/home.mustache")
        let message = "names nothing the page has, so it shows as nothing (a mistyped name?)"
        let warnings = try site.build().warnings.map(\.description)
        #expect(warnings == ["Templates/home.mustache:1:24: warning: `nwes` \(message)",
                             "Templates/home.mustache:1:66: warning: `title` \(message)"], "\(warnings)")
    }

    @Test("a block filled in a parent that has no such block is a warning at the fill")
    func fillOfNoBlock() throws {
        let set = try TemplateSet(sources: [
            "layout": "<main>{{$content}}{{/content}}</main>{{>partials/foot}}", "partials/foot": "{{$foot}}{{/foot}}",
            "page": "{{<layout}}\n  {{$contnet}}x{{/contnet}}{{$foot}}f{{/foot}}{{$content}}{{#a}}{{$inner}}{{/inner}}{{/a}}{{/content}}\n{{/layout}}",
        ])
        let warnings = WarningLog()
        set.fillsOfNoBlock(warnings: warnings)
        // A block of a partial the parent includes counts; a block inside a fill is the fill's own.
        #expect(warnings.sorted.map(\.description)
            == ["Templates/page.mustache:2:3: warning: `{{$contnet}}` fills no block of layout (its blocks: content, foot): what it holds is not shown"])
    }

    @Test("an unclosed tag is named where it opens; a closing tag with nothing open says so")
    func unclosedAndUnopened() {
        func problems(_ text: String) -> [String] {
            do {
                _ = try TemplateSet(sources: ["page": text])
                return []
            } catch {
                return error.problems.map(\.description)
            }
        }
        #expect(problems("line one\nHello {{site.title}} and {{page.title\n\n\nmore\n")
            == ["Templates/page.mustache:2:26: error: template does not parse: the tag opened here is not closed (missing }})"])
        #expect(problems("a\n  {{{site.title}} b")
            == ["Templates/page.mustache:2:3: error: template does not parse: the tag opened here is not closed (missing }}})"])
        #expect(problems("x {{/a}}") == ["Templates/page.mustache:1:3: error: template does not parse: `{{/a}}` closes a section that was never opened"])
        #expect(problems("a\r\nb {{x\r\nc\r\n") == ["Templates/page.mustache:2:3: error: template does not parse: the tag opened here is not closed (missing }})"])
    }

    @Test func missingPageTemplateStopsTheBuild() throws {
        let site = try Self.onePostSite()
        defer { site.delete() }
        try site.remove("Templates/news/tag.mustache")
        try site.write("---\ntitle: A\ndate: 2026-11-01\ntags: [x]\n---\n", to: "Content/news/a.md")
        #expect {
            try site.build()
        } throws: { error in
            // The message names the template and the first page that needs it.
            "\(error)".contains("Templates/news/tag.mustache") && "\(error)".contains("pages like /news/tags/x/")
        }
    }

    @Test func closureFollowsPartialsAndParents() throws {
        let set = try TemplateSet(sources: ["layout": "{{$content}}{{/content}}{{>partials/nav}}", "partials/nav": "nav",
                                            "page": "{{<layout}}{{$content}}x{{/content}}{{/layout}}", "other": "y"])
        #expect(set.closure(of: "page") == ["layout", "page", "partials/nav"])
        // A cached partial is part of the closure too: editing it renders its pages again.
        let cached = try TemplateSet(sources: ["page": "{{{cached.nav}}}{{&cached.foot}}{{cached.head}}", "partials/nav": "",
                                               "partials/foot": "", "partials/head": ""])
        #expect(cached.closure(of: "page") == ["page", "partials/foot", "partials/head", "partials/nav"])
    }
}
