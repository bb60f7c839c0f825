import Foundation
@testable import SitegenCore
import Testing

@Suite("The walk's rules")
struct WalkRulesTests {
    func site() throws -> URL {
        let root = TemporaryFolder.path("walk")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("static/inner"), withIntermediateDirectories: true)
        try Data("a".utf8).write(to: root.appendingPathComponent("static/a.txt"))
        return root
    }

    @Test func theFullWalkRefusesLinksOutAndFollowsLinksIn() throws {
        let root = try site()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("static/out").path, withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("static/in").path, withDestinationPath: "inner")
        try Data("b".utf8).write(to: root.appendingPathComponent("static/inner/b.txt"))
        let digests = try SourceDigests.compute(roots: [("content/", root)], previous: nil, jobs: 2)
        #expect(digests.refused.map(\.key) == ["content/static/out"])
        #expect(digests.content("static/in/b.txt") != nil && digests.content("static/inner/b.txt") != nil)
        #expect(digests.content("static/out/passwd") == nil)
    }

    /// `sitegen watch` brings digests up to date from reported paths: a link made while it
    /// watches is checked as the full walk would check it.
    @Test func aLinkMadeWhileWatchingIsChecked() throws {
        let root = try site()
        defer { try? FileManager.default.removeItem(at: root) }
        let roots = [("content/", root)]
        let before = try SourceDigests.compute(roots: roots, previous: nil, jobs: 1)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("static/passwd").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("static/etc").path, withDestinationPath: "/etc")
        let after = try before.updated(changes: ["content/static/passwd", "content/static/etc"], roots: roots)
        #expect(after.refused.map(\.key).sorted() == ["content/static/etc", "content/static/passwd"])
        #expect(after.content("static/passwd") == nil)
        #expect(after.content("static/a.txt") != nil)
    }
}
