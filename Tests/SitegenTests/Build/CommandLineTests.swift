import Foundation
import Sitegen
import SitegenCore
import Testing

/// The command as users run it: exit statuses 0, 1 and 2, and messages on standard error.
@Suite("Command line")
struct CommandLineTests {
    @Test func successBadInputAndBadUsage() throws {
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        let ok = try SitegenCommand.run(["build", "--date", "2026-11-22"], in: site.root)
        #expect(ok.status == 0, "\(ok.errors)")
        #expect(ok.output.contains("pages rendered"))

        try site.write("---\ntitle: [\n---\n", to: "Content/news/a.md")
        let bad = try SitegenCommand.run(["build", "--date", "2026-11-22"], in: site.root)
        #expect(bad.status == 1)
        #expect(bad.errors.contains("Content/news/a.md:3:1: error: not valid YAML"))
        #expect(bad.errors.contains("Build failed in its load stage; Output was left as it was."), "\(bad.errors)")

        // The library's messages name no flag; the command line adds its own for the option.
        let noTemplates = try SitegenCommand.run(["build", "--date", "2026-11-22", "--templates", "nowhere"], in: site.root)
        #expect(noTemplates.status == 1)
        #expect(noTemplates.errors.contains("nowhere: error: templates folder not found; create it, or choose another templates folder (--templates)"),
                "\(noTemplates.errors)")
        do {
            _ = try TemplateSet.load(from: site.root.appendingPathComponent("nowhere"), folderName: "nowhere")
            Issue.record("expected an error")
        } catch {
            #expect(error.option == .templates && !error.description.contains("--"), "\(error.description)")
        }

        let usage = try SitegenCommand.run(["build", "--date", "22.11.2026"], in: site.root)
        #expect(usage.status == 2)
        #expect(usage.errors.contains("--date"))
        #expect(try SitegenCommand.run(["build", "--no-such-flag"], in: site.root).status == 2)

        let root = try SitegenCommand.run(["build", "--output", "/"], in: site.root)
        #expect(root.status == 1)
        #expect(root.errors.contains("file system root"))
    }

    #if os(Linux)
    /// `sitegen watch` builds, rebuilds after an edit (naming the file), after a failed build
    /// goes on watching, and stops on SIGTERM (which this test's thread blocks, and a process
    /// it starts inherits that).
    @Test func watchRebuildsOnEveryChange() throws {
        // An editor's temporary file, made before watching starts so that only its rename is seen;
        // its name sorts before the post's.
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": "---\ntitle: A\n---\nFirst.\n",
                                      "Content/news/0sedAB12": "---\ntitle: A, renamed\n---\n"])
        defer { site.delete() }
        let (process, lines, errors) = try startCommand(["watch", "--date", "2026-11-22"], in: site.root)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(lines.next(within: 30)?.contains("full build") == true)
        #expect(errors.next(containing: "Watching", within: 10) != nil)

        try site.write("---\ntitle: A, edited\n---\nSecond.\n", to: "Content/news/2026-11-01-a.md")
        let rebuilt = try #require(lines.next(within: 30))
        #expect(rebuilt.hasPrefix("changed: Content/news/2026-11-01-a.md · "), "one line per rebuild: \(rebuilt)")
        #expect(rebuilt.contains("written") && !rebuilt.contains("full build"), "\(rebuilt)")
        #expect(site.read("news/a/index.html")?.contains("A, edited") == true)

        try site.write("---\ntitle: [\n---\n", to: "Content/news/2026-11-01-a.md")
        #expect(errors.next(containing: "not valid YAML", within: 30) != nil)
        #expect(site.read("news/a/index.html")?.contains("A, edited") == true)
        try site.write("---\ntitle: A, fixed\n---\n", to: "Content/news/2026-11-01-a.md")
        #expect(lines.next(within: 30) != nil)
        #expect(site.read("news/a/index.html")?.contains("A, fixed") == true)

        // Saved as `sed -i` saves, a temporary file renamed over the post: the line names the post.
        rename(site.content.appendingPathComponent("news/0sedAB12").path, site.content.appendingPathComponent("news/2026-11-01-a.md").path)
        let renamed = try #require(lines.next(within: 30))
        #expect(renamed.hasPrefix("changed: Content/news/2026-11-01-a.md"), "\(renamed)")
        // One made while watching, as `sed -i` makes it, and renamed at once: the last build
        // never read it, so the line names the post alone, not "and 1 more".
        try site.write("---\ntitle: A, sed\n---\n", to: "Content/news/sedXY99")
        rename(site.content.appendingPathComponent("news/sedXY99").path, site.content.appendingPathComponent("news/2026-11-01-a.md").path)
        // (Were the machine to stall between the write and the rename for the watcher's whole
        // quiet time, the two would be two builds, and the first would name the temporary file:
        // then there is nothing to check.)
        let edited = try #require(lines.next(within: 30))
        if !edited.hasPrefix("changed: Content/news/sedXY99") {
            #expect(edited.hasPrefix("changed: Content/news/2026-11-01-a.md · "), "\(edited)")
        }
        // The same in the templates folder: the line names the partial alone.
        let footer = site.templates.appendingPathComponent("partials/footer.mustache")
        let written = try String(contentsOf: footer, encoding: .utf8) + "\n"
        try written.write(to: site.templates.appendingPathComponent("partials/sedQZ77"), atomically: false, encoding: .utf8)
        rename(site.templates.appendingPathComponent("partials/sedQZ77").path, footer.path)
        let partial = try #require(lines.next(within: 30))
        if !partial.hasPrefix("changed: Templates/partials/sedQZ77") {
            #expect(partial.hasPrefix("changed: Templates/partials/footer.mustache · "), "\(partial)")
        }
        #expect(process.isRunning)

        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!process.isRunning, "sitegen watch went on after SIGTERM")
        #expect(lines.next(containing: "Stopped.", within: 5) != nil)
        #expect(!process.isRunning && process.terminationStatus == 0)
    }
    #endif

    /// A script that starts `watch` with `&` starts it with SIGINT ignored (a shell without job
    /// control does that to background commands); `kill -INT` stops it all the same, as it stops
    /// `serve`: "Stopped." and status 0.
    @Test func watchStopsOnSIGINTItInheritedIgnored() throws {
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": "---\ntitle: A\n---\nFirst.\n"])
        defer { site.delete() }
        // `exec` keeps the process id, so the signal reaches sitegen itself.
        let (process, lines, errors) = try startCommand(["-c", "trap '' INT; exec \"$0\" \"$@\"", TestPaths.executable.path, "watch", "--date", "2026-11-22"],
                                                        in: site.root, executable: URL(fileURLWithPath: "/bin/sh"))
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(errors.next(containing: "Watching", within: 30) != nil)
        #expect(lines.next(containing: "full build", within: 30) != nil)
        kill(process.processIdentifier, SIGINT)
        #expect(lines.next(containing: "Stopped.", within: 10) != nil, "sitegen watch went on after SIGINT")
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!process.isRunning && process.terminationStatus == 0)
    }

    #if os(Linux)
    /// A rebuild prints only the warnings the last build did not: the others are counted.
    @Test func watchPrintsAWarningOnceAndCountsItAfter() throws {
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": "---\ntitle: A\nimage: /images/gone.png\n---\nFirst.\n",
                                      "Content/news/2026-11-02-b.md": "---\ntitle: B\n---\nSecond.\n",
                                      "Content/notes.txt": "mine"])
        defer { site.delete() }
        let (process, lines, errors) = try startCommand(["watch", "--date", "2026-11-22"], in: site.root)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let gone = "Content/news/2026-11-01-a.md: warning: `image` names static/images/gone.png, which does not exist"
        #expect(errors.next(containing: gone, within: 30) != nil)
        #expect(errors.next(within: 5)?.hasPrefix("Content/notes.txt: warning: not read: ") == true)
        #expect(lines.next(containing: "full build", within: 30) != nil)

        try site.write("---\ntitle: B, edited\n---\n", to: "Content/news/2026-11-02-b.md")
        #expect(lines.next(within: 30)?.hasPrefix("changed: Content/news/2026-11-02-b.md") == true)
        #expect(errors.next(within: 5) == "2 warnings as in the last build (--verbose prints them every time)")

        try site.write("---\ntitle: B\nimage: /images/lost.png\n---\n", to: "Content/news/2026-11-02-b.md")
        #expect(lines.next(within: 30)?.hasPrefix("changed: Content/news/2026-11-02-b.md") == true)
        #expect(errors.next(within: 5)?.hasPrefix("Content/news/2026-11-02-b.md: warning: `image` names static/images/lost.png") == true)
        #expect(errors.next(within: 5) == "2 warnings as in the last build (--verbose prints them every time)")

        // A failed build counts them too (the stray file's, said before the posts are read),
        // above its error.
        try site.write("---\ntitle: [\n---\n", to: "Content/news/2026-11-02-b.md")
        #expect(errors.next(within: 30) == "1 warning as in the last build (--verbose prints them every time)")
        #expect(errors.next(within: 5)?.contains("not valid YAML") == true)
        process.terminate()
        process.waitUntilExit()
    }
    #endif

    /// `build` is the default command, so a misspelt command once read as an unexpected
    /// argument of build's; it is named as what it is, with the command meant when it is near.
    @Test func aMisspeltCommandIsNamed() throws {
        let folder = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (word, meant) in [("bulid", "build"), ("Serve", "serve"), ("chek", "check")] {
            let run = try SitegenCommand.run([word, "--date", "2026-11-22"], in: folder)
            #expect(run.status == 2, "\(word)")
            #expect(run.errors.hasPrefix("Error: unknown command '\(word)'; did you mean '\(meant)'?\n"), "\(run.errors)")
        }
        let version = try SitegenCommand.run(["version"], in: folder)
        #expect(version.status == 2 && version.errors.hasPrefix("Error: unknown command 'version'; did you mean '--version'?\n"), "\(version.errors)")
        for kind in ["My post", "posts/my-post.md", "pots"] {
            let new = try SitegenCommand.run(["new", kind, "x"], in: folder)
            #expect(new.status == 2 && new.errors.hasPrefix("Error: `new` makes a post, named by its title: sitegen new post \"Title\" (found '\(kind)')\n"),
                    "\(new.errors)")
        }
        let far = try SitegenCommand.run(["publish"], in: folder)
        #expect(far.status == 2 && far.errors.hasPrefix("Error: unknown command 'publish'\n"), "\(far.errors)")
        #expect(far.errors.contains("build, watch, serve, fetch, init, new, check") && !far.errors.contains("bench"))
        // What is no command is still read as before: ArgumentParser's help, options of build's.
        let help = try SitegenCommand.run(["help", "build"], in: folder)
        #expect(help.status == 0 && help.output.contains("--base-url"))
        #expect(try SitegenCommand.run(["--no-such-flag"], in: folder).status == 2)
    }

    /// Every command's USAGE line lists the options its help lists (ArgumentParser's own gives up
    /// past twelve and says "<options>", so `serve` spells its line out).
    @Test func everyUsageListsItsOptions() throws {
        let folder = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in [["build"], ["watch"], ["serve"], ["fetch"], ["new", "post"], ["check"]] {
            let help = try SitegenCommand.run(command + ["--help"], in: folder).output
            let usage = try #require(help.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE:") }, "\(command)")
            let options = try #require(help.components(separatedBy: "OPTIONS:\n").last, "\(command)")
            // An option's own line starts two spaces in, its names before two spaces and its help.
            let listed = options.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
                (line.dropFirst(2).components(separatedBy: "  ").first ?? "").split(separator: " ")
                    .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }.filter { $0.hasPrefix("--") }
            }.filter { $0 != "--help" && $0 != "--version" }
            #expect(!listed.isEmpty, "\(command)")
            for option in listed {
                #expect(usage.contains("[\(option)") || usage.contains(" \(option) "), "\(command): \(option) is not in \(usage)")
            }
        }
    }

    @Test func helpAndVersion() throws {
        let folder = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let help = try SitegenCommand.run(["build", "--help"], in: folder)
        #expect(help.status == 0)
        #expect(help.output.contains("--base-url"))
        let version = try SitegenCommand.run(["--version"], in: folder)
        #expect(version.status == 0)
        #expect(version.output == Sitegen.version + "\n", "\(version.output)")
    }
}

/// Lines from a pipe as they come, for a process that keeps running.
final class LineReader: @unchecked Sendable {
    private let lock = NSCondition()
    private var buffer = ""
    private var lines: [String] = []

    init(_ handle: FileHandle) {
        handle.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.buffer += String(decoding: data, as: UTF8.self)
            while let newline = self.buffer.firstIndex(of: "\n") {
                self.lines.append(String(self.buffer[..<newline]))
                self.buffer.removeSubrange(...newline)
            }
            self.lock.broadcast()
            self.lock.unlock()
        }
    }

    /// The next line, or nil when none came within `seconds`.
    func next(within seconds: Double) -> String? {
        next(containing: "", within: seconds)
    }

    /// The next line containing `text` (lines before it are skipped), or nil after `seconds`.
    func next(containing text: String, within seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while true {
            while !lines.isEmpty {
                let line = lines.removeFirst()
                if text.isEmpty || line.contains(text) { return line }
            }
            if !lock.wait(until: deadline) { return nil }
        }
    }
}
