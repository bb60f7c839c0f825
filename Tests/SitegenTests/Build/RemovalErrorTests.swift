import Foundation
import Sitegen
import SitegenCore
import Testing

@Suite("File system errors are reported")
struct FileSystemErrorTests {
    /// A file of the last build that cannot be removed (here a folder stands where it was) is an
    /// error naming it, not a success that leaves it published.
    @Test func aFailedRemovalIsAnError() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-01-a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n",
            "Content/news/2026-11-02-b.md": "---\ntitle: B\ndate: 2026-11-02\n---\n",
        ])
        defer { site.delete() }
        try site.build()
        let page = site.output.appendingPathComponent("news/a/index.html")
        try FileManager.default.removeItem(at: page)
        try FileManager.default.createDirectory(at: page, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: page.appendingPathComponent("keep"))
        try site.remove("Content/news/2026-11-01-a.md")
        do {
            try site.build()
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("cannot remove news/a/index.html from the output folder"), "\(error.description)")
            #expect(error.outputChanged)
        }
    }

    /// A folder the build may not list is an error naming it, the output left as it was: not
    /// a folder taken for empty, whose published files (images, scripts, posts) the build would
    /// remove with exit 0. An output folder that cannot be listed is refused, not taken for an
    /// empty one the build may fill and later clear. Root may list anything, so as root the
    /// builds run as `nobody` (util-linux's `setpriv`).
    @Test func anUnreadableFolderIsAnErrorAndTheOutputStays() throws {
        let site = try TemporarySite([
            "Content/news/2026-11-01-a.md": "---\ntitle: A\ndate: 2026-11-01\n---\n",
            "Content/static/favicon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        ])
        defer { chmodAll(site.root, 0o755); site.delete() }
        let runAs = try UnprivilegedRunner(owning: site.root)
        let first = try runAs.build(["--output", "Output"], in: site.root)
        try #require(first.status == 0, "\(first.errors)")
        let published = SiteFiles.read(site.output)
        #expect(published["favicon.svg"] != nil && published["assets/js/search.js"] != nil)

        for folder in ["Content/static", "Content/news", "Templates/assets/js"] { chmod(site.root.appendingPathComponent(folder).path, 0) }
        let second = try runAs.build(["--output", "Output"], in: site.root)
        for folder in ["Content/static", "Content/news", "Templates/assets/js"] { chmod(site.root.appendingPathComponent(folder).path, 0o755) }
        #expect(second.status == 1)
        for folder in ["Content/static", "Content/news", "Templates/assets/js"] {
            #expect(second.errors.contains("\(folder): error: cannot list the folder (Permission denied)"), "\(second.errors)")
        }
        #expect(SiteFiles.read(site.output) == published, "the output is left as it was")

        let theirs = site.root.appendingPathComponent("theirs")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: theirs.appendingPathComponent("precious.txt"))
        try runAs.own(theirs)
        chmod(theirs.path, 0o300)
        let refused = try runAs.build(["--output", "theirs", "--clean"], in: site.root)
        chmod(theirs.path, 0o755)
        #expect(refused.status == 1 && refused.errors.contains("its contents cannot be listed"), "\(refused.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs.path) == ["precious.txt"])
    }

    private func chmodAll(_ folder: URL, _ mode: mode_t) {
        for path in [folder.path] + ((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []).map({ folder.path + "/" + $0 }) {
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { chmod(path, mode) }
        }
    }
}

/// Runs `sitegen build` as a user folder permissions apply to: as it is when not root, else
/// as `nobody` through `setpriv`, after giving it the site's files.
struct UnprivilegedRunner {
    static let nobody: uid_t = 65534
    let asRoot = getuid() == 0

    init(owning folder: URL) throws {
        if asRoot {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "util-linux's setpriv, to drop root")
            try own(folder)
        }
    }

    func own(_ folder: URL) throws {
        guard asRoot else { return }
        for path in [folder.path] + (try FileManager.default.subpathsOfDirectory(atPath: folder.path)).map({ folder.path + "/" + $0 }) {
            lchown(path, Self.nobody, gid_t(Self.nobody))
        }
    }

    func build(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String, errors: String) {
        let command = ["build", "--date", "2026-11-22", "--quiet"] + arguments
        guard asRoot else { return try SitegenCommand.run(command, in: folder) }
        return try SitegenCommand.run(command, in: folder, via: ["/usr/bin/setpriv", "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups"])
    }
}
