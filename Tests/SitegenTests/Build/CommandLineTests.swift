import Foundation
import Testing

/// The command as users run it: exit statuses 0, 1 and 2, and messages on standard error.
@Suite("Command line")
struct CommandLineTests {
    func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = TestPaths.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors)
    }

    @Test func successBadInputAndBadUsage() throws {
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        let ok = try run(["build", "--date", "2026-11-22"], in: site.root)
        #expect(ok.status == 0, "\(ok.errors)")
        #expect(ok.output.contains("pages rendered"))

        try site.write("---\ntitle: [\n---\n", to: "Content/news/a.md")
        let bad = try run(["build", "--date", "2026-11-22"], in: site.root)
        #expect(bad.status == 1)
        #expect(bad.errors.contains("Content/news/a.md:3:1: error: not valid YAML"))
        #expect(bad.errors.contains("left as it was"))

        let usage = try run(["build", "--date", "22.11.2026"], in: site.root)
        #expect(usage.status == 2)
        #expect(usage.errors.contains("--date"))
        #expect(try run(["build", "--no-such-flag"], in: site.root).status == 2)

        let root = try run(["build", "--output", "/"], in: site.root)
        #expect(root.status == 1)
        #expect(root.errors.contains("file system root"))
    }

    @Test func helpAndVersion() throws {
        let folder = FileManager.default.temporaryDirectory
        let help = try run(["build", "--help"], in: folder)
        #expect(help.status == 0)
        #expect(help.output.contains("--base-url"))
        let version = try run(["--version"], in: folder)
        #expect(version.status == 0)
        #expect(!version.output.isEmpty)
    }
}
