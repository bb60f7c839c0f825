@testable import SitegenCore
import Testing

/// Problems and warnings are listed as a reader of the file meets them: by file, then line and
/// column as numbers, then JSON path with its indexes as numbers.
@Suite("The order problems are listed in")
struct ProblemOrderTests {
    @Test func linesColumnsAndIndexesAreNumbers() throws {
        let problems = [
            SitegenError("d", at: SourceLocation(file: "site.yml", line: 11, column: 2)),
            SitegenError("c", at: SourceLocation(file: "site.yml", line: 5, column: 14)),
            SitegenError("b", at: SourceLocation(file: "site.yml", line: 5, column: 3)),
            SitegenError("f", at: SourceLocation(file: "x.json", jsonPath: "$.event[10].id")),
            SitegenError("e", at: SourceLocation(file: "x.json", jsonPath: "$.event[2].id")),
            SitegenError("a"),
        ]
        let all = try #require(SitegenError.all(problems))
        #expect(all.problems.map(\.message) == ["a", "b", "c", "d", "e", "f"])
        let warnings = [Warning("later", at: SourceLocation(file: "site.yml", line: 12)), Warning("first", at: SourceLocation(file: "site.yml", line: 9))]
        #expect(warnings.sorted().map(\.message) == ["first", "later"])
    }
}
