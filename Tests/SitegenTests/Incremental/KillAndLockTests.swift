import Foundation
import Sitegen
import SitegenCore
import Testing

@Suite("Interrupted builds and the lock", .serialized)
struct KillAndLockTests {
    /// A site big enough that a build takes a while: `count` posts with a few paragraphs each.
    static func bigSite(count: Int, variant: String) throws -> TemporarySite {
        var files: [String: String] = [:]
        for index in 0..<count {
            let day = String(format: "2026-%02d-%02d", 1 + index % 10, 1 + index % 28)
            let body = (0..<12).map { "Paragraph \($0) of post \(index) \(variant): *tapes*, [links](/news/), and `code`." }.joined(separator: "\n\n")
            files["Content/news/\(day)-post-\(index).md"] = "---\ntitle: Post \(index) \(variant)\ndate: \(day)\ntags: [t\(index % 7)]\n---\n\(body)\n"
        }
        return try TemporarySite(files)
    }

    /// Starts the command on `site`, kills it with SIGKILL after `delay`, and reports whether it
    /// was still running.
    static func buildAndKill(_ site: TemporarySite, after delay: Double) throws -> Bool {
        let process = Process()
        process.executableURL = TestPaths.executable
        process.arguments = ["build", "--date", "2026-11-22", "--quiet"]
        process.currentDirectoryURL = site.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        let running = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return running
    }

    @Test(arguments: [0.02, 0.1, 0.25, 0.5])
    func aKilledBuildIsRepairedByTheNextOne(delay: Double) async throws {
        try await offThePool {
            let site = try Self.bigSite(count: 200, variant: "one")
            defer { site.delete() }
            try site.build()
            // New content, then a build killed part-way through.
            for index in stride(from: 0, to: 200, by: 3) {
                let day = String(format: "2026-%02d-%02d", 1 + index % 10, 1 + index % 28)
                try site.write("---\ntitle: Changed \(index)\ndate: \(day)\n---\nChanged.\n", to: "Content/news/\(day)-post-\(index).md")
            }
            try site.write("---\ntitle: Brand new\ndate: 2026-11-01\n---\nNew.\n", to: "Content/news/2026-11-01-brand-new.md")
            try site.remove("Content/news/2026-02-02-post-1.md")
            let running = try Self.buildAndKill(site, after: delay)
            // The shorter delays must land inside the build (a rebuild of 200 posts takes longer
            // than that on any machine); a kill after its end would test only an ordinary rebuild.
            if delay <= 0.1 { #expect(running, "the build had ended before the kill after \(delay) s") }

            try site.build()
            let clean = site.root.appendingPathComponent("Clean")
            var options = site.options(output: clean)
            options.clean = true
            _ = try Sitegen.build(options)
            let expected = SiteFiles.read(clean)
            let actual = site.outputFiles()
            #expect(Set(actual.keys) == Set(expected.keys), "killed after \(delay) s")
            let different = expected.keys.filter { actual[$0] != expected[$0] }
            #expect(different.isEmpty, "killed after \(delay) s: \(different.prefix(5)) differ")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("staging") || $0.contains("journal") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func aSecondBuildIsRefusedWhileOneRuns() throws {
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        let lock = try BuildLock(for: site.output)
        #expect {
            try site.build()
        } throws: { error in
            "\(error)".contains("another sitegen build (process \(getpid())) is writing Output")
        }
        withExtendedLifetime(lock) {}
    }

    @Test func theLockIsReleasedWhenABuildEnds() throws {
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        try site.build()
        try site.build()
        _ = try BuildLock(for: site.output)
    }
}
