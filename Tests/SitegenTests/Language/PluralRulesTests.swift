import Foundation
import SitegenCore
import Testing

/// The forms of a count by CLDR's plural rules: each language's categories checked against the
/// sample integers CLDR's plurals.xml lists for them (`@integer …`).
@Suite("Plural forms by CLDR's rules")
struct PluralRulesTests {
    func categories(_ language: String, _ counts: [Int]) -> Set<String> {
        Set(counts.map(PluralRule.of(language).category))
    }

    @Test("each category holds CLDR's sample integers")
    func cldrSamples() {
        let upTo = { (range: ClosedRange<Int>) in Array(range) }
        #expect(categories("en", [1]) == ["one"] && categories("en", [0] + upTo(2...16) + [100, 1000, 10000]) == ["other"])
        #expect(categories("de", [1]) == ["one"] && categories("de-AT", [0, 2, 1_000_000]) == ["other"])
        #expect(categories("fr", [0, 1]) == ["one"] && categories("fr", [1_000_000, 2_000_000]) == ["many"]
            && categories("fr", upTo(2...17) + [100, 1000, 10000, 100000]) == ["other"])
        #expect(categories("pt-BR", [0, 1]) == ["one"] && categories("pt_PT", [0]) == ["other"] && categories("pt-PT", [1]) == ["one"])
        #expect(categories("es", [1]) == ["one"] && categories("es", [1_000_000]) == ["many"] && categories("es", [0] + upTo(2...16) + [100, 1000]) == ["other"])
        #expect(categories("it", [1]) == ["one"] && categories("it", [0, 2, 16, 1000]) == ["other"])
        #expect(categories("ru", [1, 21, 31, 41, 51, 61, 71, 81, 101, 1001]) == ["one"])
        #expect(categories("uk", upTo(2...4) + upTo(22...24) + upTo(32...34) + [62, 102, 1002]) == ["few"])
        #expect(categories("ru", [0] + upTo(5...19) + [100, 1000, 10000, 1_000_000]) == ["many"])
        #expect(categories("pl", [1]) == ["one"] && categories("pl", upTo(2...4) + upTo(22...24) + [62, 102, 1002]) == ["few"]
            && categories("pl", [0] + upTo(5...19) + [21, 100, 1000, 1_000_000]) == ["many"])
        #expect(categories("cs", [1]) == ["one"] && categories("sk", upTo(2...4)) == ["few"] && categories("cs", [0] + upTo(5...19) + [100]) == ["other"])
        #expect(categories("ja", [0, 1, 2, 100]) == ["other"])
        // A language not transcribed counts as English does.
        #expect(categories("xx", [1]) == ["one"] && categories("xx", [0, 2]) == ["other"])
    }

    @Test("a count takes the language's form, else `other`; extra forms are no warning")
    func formsOfACount() throws {
        let root = TemporaryFolder.path("plurals")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = ["en.yml": "plays:\n  one: 1 play\n  other: \"{count} plays\"\n",
                     "pl.yml": "plays:\n  one: 1 odtworzenie\n  few: \"{count} odtworzenia\"\n  many: \"{count} odtworzeń\"\n  other: \"{count} odtworzenia\"\n",
                     "es.yml": "plays:\n  one: 1 reproducción\n  other: \"{count} reproducciones\"\n"]
        for (name, text) in files {
            let url = root.appendingPathComponent("strings/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let warnings = WarningLog()
        let polish = SiteLanguage(strings: try SiteStrings.load(templates: root, folderName: "T", language: "pl", warnings: warnings), language: "pl")
        #expect(warnings.sorted.isEmpty, "\(warnings.sorted)")
        #expect(polish.count("plays", 1) == "1 odtworzenie")
        #expect(polish.count("plays", 22) == "22 odtworzenia")
        #expect(polish.count("plays", 25) == "25 odtworzeń")
        #expect(polish.count("plays", 12) == "12 odtworzeń")
        // Spanish "many" (a million) without a form of its own: `other`.
        let spanish = SiteLanguage(strings: try SiteStrings.load(templates: root, folderName: "T", language: "es", warnings: warnings), language: "es")
        #expect(spanish.count("plays", 1_000_000).hasSuffix("reproducciones"))
        #expect(spanish.count("plays", 1) == "1 reproducción")
    }
}
