import SitegenCore
import Testing

@Suite("YAML messages")
struct YAMLMessageTests {
    @Test("each key written again is an error where it is written again, in site.yml and in front matter")
    func namedWhereWrittenAgain() {
        let text = "title: A\nnews:\n  page_size: 5\n  page_size: 6\nauthor: x\ntitle: B\n"
        for offset in [0, 1] {
            do {
                _ = try YAMLValue.parse(text, file: "f.yml", lineOffset: offset)
                Issue.record("a repeated key was accepted")
            } catch {
                #expect(error.problems.map(\.description) == [
                    "f.yml:\(4 + offset):3: error: `page_size` is written again in one mapping (first at line \(3 + offset), column 3); write each key once",
                    "f.yml:\(6 + offset):1: error: `title` is written again in one mapping (first at line \(1 + offset), column 1); write each key once",
                ])
            }
        }
        // The same key in two mappings, or as a value, is no repeat.
        #expect(throws: Never.self) { try YAMLValue.parse("a:\n  x: 1\nb:\n  x: 2\nc: a\n", file: "f.yml") }
    }

    @Test("an unclosed list names where it opened; a colon in a value says to quote it")
    func hints() {
        func message(_ text: String, offset: Int = 0) -> String? {
            do {
                _ = try YAMLValue.parse(text, file: "f.yml", lineOffset: offset)
                return nil
            } catch {
                return error.description
            }
        }
        // libyaml finds the end of `[` on the next line; the message says where the list began.
        #expect(message("title: T\ntags: [live, iceland\nauthor: x\n", offset: 1)
                == "f.yml:4:7: error: not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence that starts at line 3, column 7)")
        #expect(message("title: T\nauthor: Ann\n  email: x\n")?.contains("goes in quotes") == false, "an indented key is no value with a colon")
        #expect(message("title: Live: Cornell\n")
                == "f.yml:1:12: error: not valid YAML: mapping values are not allowed in this context; a value with \": \" in it goes in quotes (title: \"Live: Cornell\")")
    }

    @Test("a setting written as Hugo writes it is named with sitegen's spelling")
    func otherSpellings() throws {
        let mapping = try YAMLValue.parse("baseURL: https://example.org/\ntimeZone: UTC\ntitel: T\n", file: "f.yml").mapping("f")
        let warnings = WarningLog()
        mapping.warnUnknownKeys(known: ["base_url", "time_zone", "title"], context: "site.yml", into: warnings)
        #expect(warnings.sorted.map(\.description) == [
            "f.yml:1:1: warning: unknown key `baseURL` in site.yml: did you mean `base_url`?",
            "f.yml:2:1: warning: unknown key `timeZone` in site.yml: did you mean `time_zone`?",
            "f.yml:3:1: warning: unknown key `titel` in site.yml (known keys: base_url, time_zone, title)",
        ])
    }

    @Test("a quoted value where a yes or a number belongs is called quoted text; other values are quoted back")
    func quotedValues() throws {
        let value = try YAMLValue.parse("raw_html: \"true\"\nsize: '5'\nplain: maybe\nmarkdown: \"x\"\n", file: "f.yml").mapping("f")
        func message(_ read: () throws(SitegenError) -> Void) -> String? {
            do {
                try read()
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message { () throws(SitegenError) in _ = try value["raw_html"]!.bool("raw_html") }
                == "f.yml:1:11: error: expected true or false for `raw_html`, found the quoted text 'true': quotes make a value text, leave them out")
        #expect(message { () throws(SitegenError) in _ = try value["size"]!.int("size") }
                == "f.yml:2:7: error: expected a whole number for `size`, found the quoted text '5': quotes make a value text, leave them out")
        #expect(message { () throws(SitegenError) in _ = try value["plain"]!.bool("plain") } == "f.yml:3:8: error: expected true or false for `plain`, found 'maybe'")
        // Leaving the quotes out would not make it a mapping: no such hint.
        #expect(message { () throws(SitegenError) in _ = try value["markdown"]!.mapping("markdown") } == "f.yml:4:11: error: expected a mapping for `markdown`, found 'x'")
    }
}
