import Foundation
import Testing

/// The `sitegen serve` command as an author runs it: it says where the preview is once it is
/// ready, a port in use is a clear error, and Ctrl-C stops it cleanly.
@Suite("Serve: the command")
struct ServeCommandTests {
    @Test func buildsIntoPreviewPrintsItsAddressRefusesAPortInUseAndStopsOnCtrlC() throws {
        let site = try TemporarySite([
            "Content/site.yml": ServedSite.siteYML,
            "Content/news/2026-11-01-a.md": "---\ntitle: A\n---\nFirst.\n",
        ])
        defer { site.delete() }
        let (process, lines, _) = try startCommand(["serve", "--port", "0", "--date", "2026-11-22"], in: site.root)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let ready = try #require(lines.next(containing: "Serving Preview at ", within: 60))
        let address = try #require(ready.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init))
        #expect(address.hasSuffix("/music/"))
        #expect(try curlStatusNow(address + "news/a/").status == 200)
        // Its pages link to the preview: they are built into Preview/, and Output/ (what is
        // published) is left alone.
        let page = try String(contentsOf: site.root.appendingPathComponent("Preview/news/a/index.html"), encoding: .utf8)
        #expect(page.contains("href=\"\(address)news/a/\""))
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Output").path))
        // A new path in base_url moves the site, and the author is told where to.
        try site.write("title: Served\nbase_url: https://example.org/live/\ntime_zone: UTC\n", to: "Content/site.yml")
        let moved = try #require(lines.next(containing: "now at ", within: 30))
        #expect(moved.hasSuffix("now at " + address.replacingOccurrences(of: "/music/", with: "/live/")), "\(moved)")

        // A folder the build would refuse is neither served nor locked: one not made by
        // sitegen, the site's own folder.
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Private"), withIntermediateDirectories: false)
        try "SECRET=1\n".write(to: site.root.appendingPathComponent("Private/secrets.env"), atomically: true, encoding: .utf8)
        for output in ["Private", "."] {
            let (refused, _, refusal) = try startCommand(["serve", "--port", "0", "--output", output], in: site.root)
            let deadline = Date().addingTimeInterval(20)
            while refused.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if refused.isRunning { kill(refused.processIdentifier, SIGKILL) }
            refused.waitUntilExit()
            #expect(refused.terminationStatus == 1, "\(output): it served")
            #expect(refusal.next(containing: "refusing to use", within: 5) != nil, "\(output)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".Private.sitegen-serve-lock").path))
        #expect(!FileManager.default.fileExists(atPath: site.root.deletingLastPathComponent()
            .appendingPathComponent(".\(site.root.lastPathComponent).sitegen-serve-lock").path))

        // A build into the folder the preview serves is refused: the preview would serve the
        // site's own address, and replace the build at its next rebuild.
        let preview = try String(contentsOf: site.root.appendingPathComponent("Preview/news/a/index.html"), encoding: .utf8)
        let (build, _, buildErrors) = try startCommand(["build", "--output", "Preview", "--date", "2026-11-22"], in: site.root)
        build.waitUntilExit()
        #expect(build.terminationStatus == 1)
        #expect(buildErrors.next(containing: "previews into this folder", within: 5)?.hasPrefix("Preview: error: sitegen serve (process ") == true)
        #expect(try String(contentsOf: site.root.appendingPathComponent("Preview/news/a/index.html"), encoding: .utf8) == preview)
        let (elsewhere, _, _) = try startCommand(["build", "--date", "2026-11-22"], in: site.root)
        elsewhere.waitUntilExit()
        #expect(elsewhere.terminationStatus == 0, "a build into Output beside the preview")

        let port = try #require(URL(string: address)?.port)
        let (second, _, errors) = try startCommand(["serve", "--port", "\(port)", "--output", "Other"], in: site.root)
        second.waitUntilExit()
        #expect(second.terminationStatus == 1)
        #expect(errors.next(containing: "in use", within: 5)?.contains("port \(port)") == true)

        kill(process.processIdentifier, SIGINT)
        #expect(lines.next(containing: "Stopped.", within: 10) != nil)
        waitForTheEnd(of: process)
        #expect(!process.isRunning && process.terminationStatus == 0)
    }

    /// Ctrl-C during the first build (400 posts: long enough to be in it) lets it end, then
    /// stops: it once killed the command, leaving the staging folder behind.
    @Test func ctrlCDuringTheFirstBuildStopsOnceItHasEnded() throws {
        let (site, process, lines) = try servedFromItsFirstBuild(posts: 400)
        defer { end(process, site) }
        kill(process.processIdentifier, SIGINT)
        #expect(lines.next(containing: "Stopped.", within: 60) != nil)
        waitForTheEnd(of: process)
        #expect(!process.isRunning && process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".Preview.sitegen-staging").path))
    }

    /// A second Ctrl-C does not wait for the build running then: the command ends at once,
    /// with the status of a command stopped by Ctrl-C. (3,000 posts: a first build of seconds.)
    @Test func aSecondCtrlCStopsAtOnce() throws {
        let (site, process, lines) = try servedFromItsFirstBuild(posts: 3000)
        defer { end(process, site) }
        kill(process.processIdentifier, SIGINT)
        // Apart, as a person presses them: two signals sent before the first is handled are
        // one to the kernel (a pending signal is not counted twice).
        Thread.sleep(forTimeInterval: 0.3)
        kill(process.processIdentifier, SIGINT)
        waitForTheEnd(of: process)
        #expect(!process.isRunning && process.terminationReason == .exit && process.terminationStatus == 130,
                "\(process.terminationReason) \(process.terminationStatus)")
        #expect(lines.next(containing: "Stopped.", within: 0.2) == nil, "it waited for the build")
    }

    /// `--bind` to an address other than loopback warns, and the server then answers requests
    /// naming any host (on loopback it answers only those naming a loopback host).
    @Test func bindingBeyondLoopbackWarnsAndDropsTheHostCheck() throws {
        let site = try TemporarySite([
            "Content/site.yml": ServedSite.siteYML,
            "Content/news/2026-11-01-a.md": "---\ntitle: A\n---\nFirst.\n",
        ])
        defer { site.delete() }
        for (bind, warned, otherHost) in [("127.0.0.1", false, 403), ("0.0.0.0", true, 200)] {
            let (process, lines, errors) = try startCommand(["serve", "--port", "0", "--bind", bind, "--date", "2026-11-22"], in: site.root)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let ready = try #require(lines.next(containing: "Serving Preview at ", within: 60), "\(bind)")
            let address = try #require(ready.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
            let port = try #require(URL(string: address)?.port)
            let local = "http://127.0.0.1:\(port)/music/news/a/"
            #expect(try curlStatusNow(local).status == 200, "\(bind)")
            #expect(try curlStatusNow(local, headers: ["Host: preview.example.org:\(port)"]).status == otherHost, "\(bind)")
            kill(process.processIdentifier, SIGINT)
            #expect(lines.next(containing: "Stopped.", within: 10) != nil, "\(bind)")
            process.waitUntilExit()
            let warning = errors.next(containing: "WARNING: listening on ", within: warned ? 5 : 0.2)
            #expect((warning != nil) == warned, "\(bind): \(warning ?? "no warning")")
            if warned { #expect(warning?.contains("listening on \(bind), not on loopback") == true) }
        }
    }

    /// `serve` on a site of `count` posts, once it has said "Watching": after the server is up
    /// and before the first build, with the stop handler in place (a signal sent the same
    /// instant is not lost: `StopSignals`).
    private func servedFromItsFirstBuild(posts count: Int) throws -> (TemporarySite, Process, LineReader) {
        var files = ["Content/site.yml": ServedSite.siteYML]
        for number in 1...count { files["Content/news/2026-11-01-post-\(number).md"] = "---\ntitle: Post \(number)\n---\nWords.\n" }
        let site = try TemporarySite(files)
        let (process, lines, errors) = try startCommand(["serve", "--port", "0", "--date", "2026-11-22"], in: site.root)
        #expect(errors.next(containing: "Watching ", within: 60) != nil)
        return (site, process, lines)
    }

    /// Waits for the process to end, 10 s at most: a serve that went on would otherwise hold
    /// the test run for ever.
    private func waitForTheEnd(of process: Process) {
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }

    private func end(_ process: Process, _ site: TemporarySite) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        site.delete()
    }
}
