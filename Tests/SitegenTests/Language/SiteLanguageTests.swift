import Foundation
import SitegenCore
import Testing

/// Dates and numbers in the site's language from Foundation's locale data, and the words of
/// Templates/strings/ with their fallback to en.yml.
@Suite("Languages")
struct SiteLanguageTests {
    let day = LocalDate(year: 2026, month: 11, day: 22)!

    @Test("dates and numbers follow the locale's own order, names and separators")
    func formatsByLocale() {
        let english = SiteLanguage(language: "en_GB")
        #expect(english.date(day, .long) == "22 November 2026")
        #expect(english.date(day, .short) == "22 Nov 2026")
        #expect(english.number(88_865) == "88,865")
        let german = SiteLanguage(language: "de")
        #expect(german.date(day, .long) == "22. November 2026")
        #expect(german.date(LocalDate(year: 1977, month: 5, day: 8)!, .dayMonth) == "8. Mai")
        #expect(german.date(day, .weekdayLong).hasPrefix("Sonntag"))
        #expect(german.number(88_865) == "88.865")
        #expect(german.decimal(4.5, digits: 1) == "4,5", "\(german.decimal(4.5, digits: 1))")
        #expect(english.decimal(4, digits: 1) == "4.0", "\(english.decimal(4, digits: 1))")
        let spanish = SiteLanguage(language: "es")
        #expect(spanish.date(day, .long) == "22 de noviembre de 2026")
        #expect(german.range(LocalDate(year: 2026, month: 11, day: 12)!, LocalDate(year: 2026, month: 11, day: 14)!).contains("November 2026"))
    }

    @Test("a day is the same day in every zone the machine may be in")
    func datesIgnoreTheMachineZone() {
        let language = SiteLanguage(language: "en_GB")
        // The first and last instant of the day in UTC, formatted as calendar days.
        #expect(language.date(LocalDate(year: 2026, month: 1, day: 1)!, .long) == "1 January 2026")
        #expect(language.date(LocalDate(year: 1969, month: 12, day: 31)!, .long) == "31 December 1969")
    }

    @Test("counts pick one or other and write the number as the language does")
    func counts() {
        let language = SiteLanguage(strings: SiteStrings(texts: ["plays.one": "{count} play", "plays.other": "{count} plays"]),
                                    language: "en_GB")
        #expect(language.count("plays", 1) == "1 play")
        #expect(language.count("plays", 0) == "0 plays")
        #expect(language.count("plays", 12_345) == "12,345 plays")
        #expect(language.text("missing") == "missing")
        let filled = SiteLanguage(strings: SiteStrings(texts: ["t": "{a} and {b}, {unknown} {"]))
        #expect(filled.text("t", ["a": "A", "b": "{a}"]) == "A and {a}, {unknown} {")
    }

    @Test("lists are joined by the language's patterns")
    func lists() {
        #expect(SiteLanguage(language: "en_GB").list(["A", "B", "C", "D"]) == "A, B, C and D")
        #expect(SiteLanguage(language: "en_GB").list(["A", "B"]) == "A and B")
        #expect(SiteLanguage(language: "de").list(["A", "B", "C"]) == "A, B und C")
        #expect(SiteLanguage(language: "es").list(["A", "B"]) == "A y B")
        #expect(SiteLanguage(language: "de").list(["A"]) == "A")
    }

    func folder(_ files: [String: String]) throws -> URL {
        let root = TemporaryFolder.path("strings")
        for (name, text) in files {
            let url = root.appendingPathComponent("strings/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test("a key the language lacks falls back to en.yml with one warning for the key")
    func fallback() throws {
        let root = try folder(["en.yml": "locale: en_GB\ntoday: Today\nplays:\n  one: 1 play\n  other: \"{count} plays\"\n",
                               "de.yml": "today: Heute\nplays:\n  one: 1 Wiedergabe\nextra: x\nnav_radio: Radio\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let warnings = WarningLog()
        let strings = try SiteStrings.load(templates: root, folderName: "Templates", language: "de", warnings: warnings)
        #expect(strings.texts["today"] == "Heute")
        #expect(strings.texts["plays.other"] == "{count} plays")
        #expect(strings.locale == nil, "en.yml's locale is not the German site's")
        let messages = warnings.sorted.map(\.description)
        #expect(messages.count == 2)
        #expect(messages.contains { $0.contains("Templates/strings/de.yml") && $0.contains("`plays.other` is missing") })
        #expect(messages.contains { $0.contains("`extra` is not a key of en.yml") })
        // A navigation entry's words may come from either file: whether one en.yml lacks words
        // an entry is for the navigation to say (TemplateErrorTests.navigationWords).
        #expect(strings.texts["nav_radio"] == "Radio" && !messages.contains { $0.contains("nav_radio") })
        #expect(strings.navigationKeysBeyondEnglish.keys.sorted() == ["nav_radio"])
        #expect(SiteLanguage(strings: strings, language: "de").count("plays", 2000) == "2.000 plays")
    }

    @Test("a translation's count written as text, text written as a count, and placeholders nothing fills are warned about at the key")
    func shapesAndPlaceholders() throws {
        let root = try folder(["en.yml": "today: Today\ntag_title: \"Posts tagged {tag}\"\nyears_ago:\n  one: a year ago\n  other: \"{count} years ago\"\n",
                               "fr.yml": "today:\n  one: x\n  other: y\ntag_title: \"{tagg}\"\nyears_ago: \"il y a {count} ans\"\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let warnings = WarningLog()
        _ = try SiteStrings.load(templates: root, folderName: "Templates", language: "fr", warnings: warnings)
        let messages = warnings.sorted.map(\.description)
        #expect(messages.contains("Templates/strings/fr.yml:5:12: warning: `years_ago` is a count in en.yml: give its forms as en.yml does "
                                  + "(`one:`, `other:`, and those the language needs); meanwhile pages show en.yml's"), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("Templates/strings/fr.yml:2:8: warning: `today` is one text in en.yml, not a count with forms") }, "\(messages)")
        #expect(messages.contains("Templates/strings/fr.yml:4:12: warning: `tag_title` uses {tagg}, which nothing fills (en.yml's text fills {tag}): "
                                  + "pages show it as written"), "\(messages)")
        // No "missing" for the forms of a count already warned about, nor "not a key" for it.
        #expect(!messages.contains { $0.contains("years_ago.") || $0.contains("not a key") }, "\(messages)")
        #expect(messages.count == 3, "\(messages)")
    }

    @Test("a translation just begun: its missing keys are one warning")
    func manyMissing() throws {
        let english = (1...12).map { "k\($0): \"K\($0)\"\n" }.joined()
        let root = try folder(["en.yml": english, "it.yml": "k1: x\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let warnings = WarningLog()
        _ = try SiteStrings.load(templates: root, folderName: "Templates", language: "it", warnings: warnings)
        #expect(warnings.sorted.map(\.description) == ["Templates/strings/it.yml: warning: lacks 11 of en.yml's 12 keys: pages show en.yml's words "
                                                        + "for them (`k10`, `k11`, `k12`, `k2`, `k3`, `k4`, `k5`, `k6`, `k7`, `k8` and 1 more)"])
    }

    @Test("a language without a file of its own shows en.yml's words and says so")
    func missingLanguageFile() throws {
        let root = try folder(["en.yml": "today: Today\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let warnings = WarningLog()
        let strings = try SiteStrings.load(templates: root, folderName: "Templates", language: "es-MX", warnings: warnings)
        #expect(strings.texts["today"] == "Today")
        #expect(warnings.sorted.map(\.description).joined().contains("no Templates/strings/es.yml"))
        let regional = try folder(["en.yml": "today: Today\n", "es.yml": "today: Hoy\n"])
        defer { try? FileManager.default.removeItem(at: regional) }
        #expect(try SiteStrings.load(templates: regional, folderName: "T", language: "es-MX", warnings: WarningLog()).texts["today"] == "Hoy")
        // Without a templates folder, which is an error of its own, there is nothing to add.
        let none = WarningLog()
        _ = try SiteStrings.load(templates: root.appendingPathComponent("nowhere"), folderName: "nowhere", language: "de", warnings: none)
        #expect(none.sorted.isEmpty)
    }

    @Test("hostile strings files are errors naming the file, line and column")
    func hostileFiles() throws {
        func problem(_ text: String) -> String {
            do {
                _ = try SiteStrings.parse(text, file: "Templates/strings/de.yml")
                return ""
            } catch {
                return error.description
            }
        }
        let list = problem("today: Heute\nplays: [1, 2]\n")
        #expect(list.contains("Templates/strings/de.yml:2:") && list.contains("expected text"), "\(list)")
        let deep = problem("plays:\n  one:\n    two: x\n")
        #expect(deep.contains("de.yml:3") && deep.contains("expected text"), "\(deep)")
        #expect(problem("bad key: x\n").contains("expected a key of letters"))
        #expect(problem("a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n")
            .contains("alias"))
        #expect(problem(String(repeating: "[", count: 200)).contains("nested deeper"))
        #expect(problem("today: [unclosed\n").contains("not valid YAML"))
        // Every bad key of a file in one run.
        #expect(problem("a: [1]\nb: [2]\n").split(separator: "\n").count == 2)
        let big = try folder(["en.yml": "today: " + String(repeating: "x", count: 2 << 20) + "\n"])
        defer { try? FileManager.default.removeItem(at: big) }
        #expect(throws: SitegenError.self) { try SiteStrings.load(templates: big, folderName: "T", language: "en", warnings: WarningLog()) }
    }

    @Test("site.yml's language is a language code, not a path")
    func languageCode() throws {
        let parse = { (text: String) throws(SitegenError) in
            try SiteConfig.parse(text, file: "Content/site.yml", sectionKeys: [], warnings: WarningLog())
        }
        #expect(try parse("language: pt-BR\n").language == "pt-BR")
        do {
            _ = try parse("title: x\nlanguage: ../../etc/passwd\n")
            Issue.record("a path was taken for a language")
        } catch {
            #expect(error.description.contains("site.yml:2:11"))
        }
    }

    @Test("templates read the words as strings.key and strings.key.form")
    func templatesReadStrings() throws {
        var config = SiteConfig(title: "T", baseURL: "https://example.org/")
        config.localization = SiteLanguage(strings: SiteStrings(texts: ["today": "Heute", "plays.one": "1 Wiedergabe"]), language: "de")
        let renderer = Renderer(templates: try TemplateSet(sources: ["page": "{{strings.today}}|{{strings.plays.one}}|{{#x}}{{strings.today}}{{/x}}"]),
                                config: config, navigation: [], generator: "test")
        struct Model: Sendable { let x = "y" }
        #expect(try renderer.render(Page(path: .page("p"), body: .template("page", model: Model()))) == "Heute|1 Wiedergabe|Heute")
    }
}
