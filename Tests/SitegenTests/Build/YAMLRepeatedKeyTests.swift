import SitegenCore
import Testing

@Suite("YAML: a key written twice")
struct YAMLRepeatedKeyTests {
    @Test("each key written again is an error where it is written again, in site.yml and in front matter")
    func namedWhereWrittenAgain() {
        let text = "title: A\nnews:\n  page_size: 5\n  page_size: 6\nauthor: x\ntitle: B\n"
        for offset in [0, 1] {
            do {
                _ = try YAMLValue.parse(text, file: "f.yml", lineOffset: offset)
                Issue.record("a repeated key was accepted")
            } catch {
                #expect(error.problems.map(\.description) == [
                    "f.yml:\(4 + offset):3: error: `page_size` is written a second time in one mapping (first at line \(3 + offset), column 3); write each key once",
                    "f.yml:\(6 + offset):1: error: `title` is written a second time in one mapping (first at line \(1 + offset), column 1); write each key once",
                ])
            }
        }
        // The same key in two mappings, or as a value, is no repeat.
        #expect(throws: Never.self) { try YAMLValue.parse("a:\n  x: 1\nb:\n  x: 2\nc: a\n", file: "f.yml") }
    }
}
