import Foundation
import Testing

/// `init`, `new post` and `check` as a new user runs them, and the benchmark hooks kept out of --help.
@Suite("Authoring commands")
struct AuthoringCommandTests {
    @Test func initNewBuildAndCheckFromTheCommandLine() throws {
        let folder = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: folder) }

        #expect(try SitegenCommand.run(["init", "site"], in: folder).status == 0)
        let again = try SitegenCommand.run(["init", "site"], in: folder)
        #expect(again.status == 1 && again.errors.contains("not empty"))
        let site = folder.appendingPathComponent("site")

        let new = try SitegenCommand.run(["new", "post", "Größte Hits: Live", "--tags", "live,tapes", "--date", "2026-11-21"], in: site)
        #expect(new.status == 0, "\(new.errors)")
        #expect(new.output == "Content/news/2026-11-21-grosste-hits-live.md\n")
        #expect(try SitegenCommand.run(["new", "post", "Größte Hits: Live", "--date", "2026-11-21"], in: site).status == 1)

        let build = try SitegenCommand.run(["build", "--date", "2026-11-22"], in: site)
        #expect(build.status == 0 && build.output.contains("0 warnings"), "\(build.errors)")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Output/news/grosste-hits-live/index.html").path))

        let clean = try SitegenCommand.run(["check", "--strict", "--date", "2026-11-22"], in: site)
        #expect(clean.status == 0, "\(clean.output)")
        #expect(clean.output.contains("0 errors, 0 warnings"))

        // A post linking to a page that does not exist: an error, grouped under the page.
        let post = site.appendingPathComponent("Content/news/2026-11-21-grosste-hits-live.md")
        try (try String(contentsOf: post, encoding: .utf8) + "\n[gone](/news/nowhere/)\n").write(to: post, atomically: true, encoding: .utf8)
        let broken = try SitegenCommand.run(["check", "--date", "2026-11-22"], in: site)
        #expect(broken.status == 1)
        #expect(broken.output.contains("news/grosste-hits-live/index.html (from Content/news/2026-11-21-grosste-hits-live.md)\n"
                                       + "  error: a href=\"../../news/nowhere/\" is a broken link"))

        // A build that fails: every problem under its file, an option named by its flag.
        try "title: [\n".write(to: site.appendingPathComponent("Content/news/2026-11-22-bad.md"), atomically: true, encoding: .utf8)
        let failed = try SitegenCommand.run(["check", "--date", "2026-11-22", "--templates", "nowhere"], in: site)
        #expect(failed.status == 1)
        #expect(failed.output.contains("nowhere\n  error: the build failed: templates folder not found; create it, or choose another templates folder (--templates)"),
                "\(failed.output)")
    }

    /// The "Next:" hint's `cd` line works when pasted into a shell, whatever the folder's
    /// name; and the new site's .gitignore leaves out everything a build leaves beside Content/.
    @Test func initHintsACdThatWorksAndIgnoresWhatBuildsLeave() throws {
        let folder = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, quoted) in [("my site", "'my site'"), ("it's", "'it'\\''s'"), ("plain-1.0_x", "plain-1.0_x"), ("-x", "./-x")] {
            let made = try SitegenCommand.run(["init", "--", name], in: folder)
            #expect(made.status == 0, "\(made.errors)")
            let cd = try #require(made.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("cd ") })
            #expect(cd == "cd " + quoted)
            // (sh takes sitegen's path, which `via` adds, as the script's $0: unused.)
            let shell = try SitegenCommand.run([], in: folder, via: ["/bin/sh", "-c", cd + " && pwd"])
            #expect(shell.status == 0 && shell.output.hasSuffix("/" + name + "\n"), "\(cd): \(shell.errors)")
        }

        let site = folder.appendingPathComponent("my site")
        let ignore = try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8)
        let patterns = ignore.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        #expect(patterns.contains("Preview"))
        let build = try SitegenCommand.run(["build", "--date", "2026-11-22"], in: site)
        #expect(build.status == 0, "\(build.errors)")
        let left = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { !["Content", "Templates", ".gitignore"].contains($0) }
        #expect(left.contains("Output") && left.contains(".Output.sitegen-manifest"), "\(left)")
        for name in left {
            #expect(patterns.contains { fnmatch($0, name, 0) == 0 }, "\(name) is not ignored by:\n\(ignore)")
        }
    }

    /// An empty title is bad usage, like any other argument the command cannot take.
    @Test func newPostWithoutATitleIsBadUsage() throws {
        let folder = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenCommand.run(["init", "."], in: folder).status == 0)
        for title in ["", "  "] {
            let new = try SitegenCommand.run(["new", "post", title], in: folder)
            #expect(new.status == 2 && new.errors.contains("expected a title for the new post"), "'\(title)': \(new.errors)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Content/news").path).count == 1)
    }

    /// Run from a folder inside a site, a command points at the site rather than at `init`.
    @Test func aCommandRunInsideASitePointsAtIt() throws {
        let folder = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenCommand.run(["init", "."], in: folder).status == 0)
        let news = folder.appendingPathComponent("Content/news")
        let run = try SitegenCommand.run(["build"], in: news)
        #expect(run.status == 1)
        let site = folder.standardizedFileURL.resolvingSymlinksInPath().path
        #expect(run.errors.contains("no site here: the content folder is missing; this folder is inside the site at ")
                && run.errors.contains(site + ": run sitegen there"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: news.appendingPathComponent("Output").path))
    }

    /// A command run where there is no site says so and leaves nothing behind (its lock files
    /// once made `init` refuse the folder); `watch` and `serve` do not start to watch nothing.
    /// Lock files left by an older sitegen do not make a folder someone's.
    @Test func aFolderWithoutASiteIsLeftAsItWas() throws {
        let folder = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["build"], ["check"], ["watch"], ["serve", "--port", "0"], ["new", "post", "X"], ["fetch"]] {
            let run = try SitegenCommand.run(arguments, in: folder)
            #expect(run.status == 1, "\(arguments)")
            // `check` lists its problems under each file on standard output.
            let said = run.output + run.errors
            #expect(said.contains("no site here: the content folder is missing; make a new site with `sitegen init`, "
                                  + "or choose the site's content folder (--content)"), "\(arguments): \(said)")
            // fetch reads no templates.
            #expect(said.contains("templates folder not found") == (arguments != ["fetch"]), "\(arguments): \(said)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "\(arguments)")
        }
        // With the templates there and a date given, `new post` reads no site.yml: it still makes no
        // content folder of its own.
        let templatesOnly = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: templatesOnly) }
        try FileManager.default.copyItem(at: TestPaths.templates, to: templatesOnly.appendingPathComponent("Templates"))
        let post = try SitegenCommand.run(["new", "post", "X", "--date", "2026-11-22"], in: templatesOnly)
        #expect(post.status == 1 && post.errors.contains("Content: error: no site here: the content folder is missing"), "\(post.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: templatesOnly.path) == ["Templates"])
        for name in [".Content.sitegen-content-lock", ".Output.sitegen-lock", ".Output.sitegen-serve-lock"] {
            try "4242\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        #expect(try SitegenCommand.run(["init", "."], in: folder).status == 0)
        try "".write(to: folder.appendingPathComponent(".hidden"), atomically: true, encoding: .utf8)
        let other = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: other) }
        try FileManager.default.createDirectory(at: other.appendingPathComponent(".git"), withIntermediateDirectories: true)
        #expect(try SitegenCommand.run(["init", "."], in: other).status == 0, "a folder just made a git repository")
        let visible = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: visible) }
        try "".write(to: visible.appendingPathComponent(".hidden"), atomically: true, encoding: .utf8)
        try "".write(to: visible.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        #expect(try SitegenCommand.run(["init", "."], in: visible).status == 1)
    }

    /// `check` builds into a folder of its own: it offers no output options it would ignore,
    /// and refuses them; `build` still takes them.
    @Test func checkTakesOnlyTheOptionsItUses() throws {
        let folder = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let help = try SitegenCommand.run(["check", "--help"], in: folder)
        #expect(help.output.contains("--content") && help.output.contains("--strict"))
        #expect(!help.output.contains("--output") && !help.output.contains("--clean"))
        #expect(try SitegenCommand.run(["check", "--output", "elsewhere"], in: folder).status == 2)
        let buildHelp = try SitegenCommand.run(["build", "--help"], in: folder)
        #expect(buildHelp.output.contains("--output") && buildHelp.output.contains("--content"))
        let badJobs = try SitegenCommand.run(["build", "--jobs", "0"], in: folder)
        #expect(badJobs.status == 2 && badJobs.errors.contains("--jobs expects"))
    }

    @Test func benchmarkHooksAreHiddenButCallable() throws {
        let folder = try TemporaryFolder.make("cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let help = try SitegenCommand.run(["--help"], in: folder)
        #expect(help.output.contains("check") && help.output.contains("init") && help.output.contains("new"))
        #expect(!help.output.contains("bench"))
        let diff = try SitegenCommand.run(["bench-diff", "--count", "1000", "--repetitions", "1"], in: folder)
        #expect(diff.status == 0 && diff.output.hasPrefix("diff: count=1000"))
    }
}
