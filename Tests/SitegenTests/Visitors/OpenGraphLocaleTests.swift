import Foundation
import Testing
@testable import SitegenCore

@Suite("og:locale")
struct OpenGraphLocaleTests {
    @Test("a language tag with a region is language_REGION; a bare language only where the region is unambiguous")
    func forms() {
        let cases: [(String, String?)] = [
            ("en-GB", "en_GB"), ("en_gb", "en_GB"), ("EN-us", "en_US"), ("zh-Hant-TW", "zh_TW"), ("pt-BR", "pt_BR"),
            ("de", "de_DE"), ("fr", "fr_FR"),
            ("en", nil), ("pt", nil), ("", nil), ("e", nil), ("12-GB", nil), ("<script>", nil), ("en-GB\"x", nil),
        ]
        for (language, expected) in cases {
            #expect(OpenGraphLocale.of(language) == expected, "\(language)")
        }
    }

    @Test("the layout writes it when there is one")
    func layout() throws {
        for (language, tag) in [("de", "<meta property=\"og:locale\" content=\"de_DE\">"), ("en-GB", "<meta property=\"og:locale\" content=\"en_GB\">"),
                                ("en", nil)] {
            let site = try TemporarySite(["Content/site.yml": "title: T\nbase_url: https://example.org/\nlanguage: \(language)\n"])
            defer { site.delete() }
            try site.build()
            let home = try #require(site.read("index.html"))
            if let tag { #expect(home.contains(tag), "\(language)") } else { #expect(!home.contains("og:locale"), "\(language)") }
        }
    }
}
