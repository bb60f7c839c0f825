import Foundation
@testable import SitegenCore
import Testing

/// The addresses site.yml and the command line give the site, and the files its settings and
/// posts name in static/: every absolute link is made from them, so each is held to one rule.
@Suite("Site addresses and static paths")
struct SiteAddressTests {
    @Test func baseURLsAreHeldToOneRule() {
        #expect(SiteConfig.checkedBaseURL("https://example.org/music") == "https://example.org/music/")
        #expect(SiteConfig.checkedBaseURL("http://localhost:8080/") == "http://localhost:8080/")
        // A query or fragment would come before every path made from it ("…/?utm=1/news/"); a
        // line end would add lines to robots.txt; other schemes are no place for a site.
        for bad in ["https://example.org/music/?utm=1", "https://example.org/#top", "ftp://example.org/",
                    "javascript://example.org/%0aalert(1)//", "https://example.org/music/\nDisallow: /", "example.org", ""] {
            #expect(SiteConfig.checkedBaseURL(bad) == nil, "\(bad)")
        }
    }

    /// Credentials would be published on every page; a file name, or an empty, `.` or `..`
    /// segment, would be kept in every address made from the path ("…/index.html/news/").
    @Test(arguments: [
        ("https://user:pw@example.org/", "user name or password"),
        ("https://@example.org/", "user name or password"),
        ("http://example.org/music/index.html", "ends in a file name, 'index.html'"),
        ("https://example.org/music.old", "ends in a file name, 'music.old'"),
        ("https://example.org//music/", "empty, `.` or `..` segment"),
        ("https://example.org/../x/", "empty, `.` or `..` segment"),
        ("https://example.org/music/./", "empty, `.` or `..` segment"),
        ("https://example.org/%2e%2e/x/", "empty, `.` or `..` segment"),
        ("https://example.org/my music/", "a space, which a URL writes as %20"),
    ])
    func baseURLsThatWouldGiveWrongAddressesAreRefusedSayingWhy(url: String, why: String) {
        #expect(SiteConfig.checkedBaseURL(url) == nil)
        #expect(SiteConfig.baseURLFault(url)?.detail?.contains(why) == true, "\(String(describing: SiteConfig.baseURLFault(url)))")
        do {
            _ = try SiteConfig.parse("title: T\nbase_url: \(url)\n", file: "site.yml", sectionKeys: [], warnings: WarningLog())
            Issue.record("expected an error for \(url)")
        } catch {
            #expect(error.location?.line == 2 && error.location?.column == 11, "\(error)")
            #expect(error.message.contains("expected \(SiteConfig.baseURLExpected) for `base_url`, found '\(url)': "), "\(error)")
        }
    }

    @Test func folderPathsWithDotsAndAHostsRootAreBaseURLs() {
        #expect(SiteConfig.checkedBaseURL("https://example.org") == "https://example.org/")
        #expect(SiteConfig.checkedBaseURL("https://example.org/v1.2/") == "https://example.org/v1.2/")
        #expect(SiteConfig.checkedBaseURL("https://example.org:8443/my%20site/") == "https://example.org:8443/my%20site/")
        #expect(SiteConfig.checkedBaseURL("https://example.org/music/") == "https://example.org/music/")
        // What `baseURLExpected` says already needs no detail.
        #expect(SiteConfig.baseURLFault("https://example.org/?utm=1") == BaseURLFault(detail: nil))
    }

    @Test func theCommandLinesBaseURLIsCheckedLikeSiteYmls() throws {
        let site = try TemporarySite([:])
        defer { site.delete() }
        #expect(throws: SitegenError.self) { try site.build(baseURL: "https://example.org/music/\nDisallow: /") }
        #expect(throws: SitegenError.self) { try site.build(baseURL: "https://example.org/?utm=1") }
        do {
            try site.build(baseURL: "https://user:pw@example.org/")
            Issue.record("expected an error for a base URL with a password")
        } catch {
            #expect(error.description.contains("user name or password"), "\(error)")
        }
        try site.write("title: T\nbase_url: https://example.org/?utm=1\n", to: "Content/site.yml")
        #expect(throws: SitegenError.self) { try site.build() }
    }

    @Test func languageCodesAreWrittenAsLanguageTags() {
        #expect(SiteConfig.languageTag("de_DE") == "de-DE")
        #expect(SiteConfig.languageTag("DE") == "de")
        #expect(SiteConfig.languageTag("zh_hant_tw") == "zh-Hant-TW")
        #expect(SiteConfig.languageTag("es-419") == "es-419")
        #expect(SiteConfig.languageTag("pt-BR") == "pt-BR")
    }

    @Test func aLocaleNameGivesAValidLangAndItsStrings() throws {
        let site = try TemporarySite(["Content/site.yml": "title: T\nbase_url: https://example.org/\nlanguage: de_DE\n"])
        defer { site.delete() }
        try site.build()
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<html lang=\"de-DE\">"))
        #expect(home.contains("Zum Inhalt"), "de.yml's words")
    }

    @Test func staticPathsKeepTheFilesNames() {
        #expect(SiteConfig.staticPath("/images/Café_(1).svg") == "images/Café_(1).svg")
        #expect(SiteConfig.staticPath("images/a%20b.png") == "images/a b.png")
        for bad in ["../x.png", "images/../../x.png", "//evil.example/x.png", "images/", "https://example.org/x.png", "a\nb.png", "x.png?v=1"] {
            #expect(SiteConfig.staticPath(bad) == nil, "\(bad)")
        }
    }

    @Test func anAliasPublishedElsewhereThanWrittenIsWarned() throws {
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": "---\ntitle: A\naliases: [/blog/über/, /old/a/]\n---\nText.\n"])
        defer { site.delete() }
        let messages = try site.build().warnings.map(\.description)
        #expect(messages.contains { $0.contains("the alias '/blog/über/' is published at /blog/-ber/") }, "\(messages)")
        #expect(!messages.contains { $0.contains("/old/a/") }, "\(messages)")
    }

    @Test func shareImagesNameTheirFilesAndAMissingOneIsWarned() throws {
        let site = try TemporarySite([
            "Content/site.yml": "title: T\nbase_url: https://example.org/music/\nshare_image: images/missing.png\n",
            "Content/static/images/Café (1).png": "not really a png",
            "Content/news/2026-11-01-a.md": "---\ntitle: A\nimage: /images/Café (1).png\n---\nText.\n",
            "Content/news/2026-11-02-b.md": "---\ntitle: B\nimage: images/gone.png\n---\nText.\n",
        ])
        defer { site.delete() }
        let report = try site.build()
        let post = try #require(site.read("news/a/index.html"))
        #expect(post.contains("<meta property=\"og:image\" content=\"https://example.org/music/images/Caf%C3%A9%20%281%29.png\">"))
        #expect(site.exists("images/Café (1).png"), "the file the URL names")
        let messages = report.warnings.map(\.description)
        #expect(messages.contains { $0.contains("site.yml:3") && $0.contains("static/images/missing.png, which does not exist") }, "\(messages)")
        #expect(messages.contains { $0.contains("2026-11-02-b.md") && $0.contains("static/images/gone.png, which does not exist") }, "\(messages)")
        try site.write("title: T\nbase_url: https://example.org/\nshare_image: ../../x.png\n", to: "Content/site.yml")
        #expect(throws: SitegenError.self) { try site.build() }
    }
}

/// site.yml's own bounds, as its messages state them.
@Suite("site.yml bounds")
struct SiteSettingsBoundsTests {
    @Test func aKeyThatIsAListIsReportedNotDropped() throws {
        let warnings = WarningLog()
        _ = try SiteConfig.parse("title: T\nbase_url: https://example.org/\n? [a, b]\n: 1\n", file: "site.yml", sectionKeys: [], warnings: warnings)
        #expect(warnings.sorted.contains { $0.message.contains("unknown key `[a, b]`") && $0.location?.line == 3 }, "\(warnings.sorted)")
    }

    @Test func aSettingsFileOverItsCapSaysWhichCap() throws {
        let site = try TemporarySite(["Content/site.yml": "title: T\nbase_url: https://example.org/\nlimits: {max_file_mb: 512}\n# "
                                      + String(repeating: "x", count: SiteConfig.maxSettingsBytes) + "\n"])
        defer { site.delete() }
        #expect { try site.build() } throws: { "\($0)".contains("a settings file may hold at most") }
    }
}
