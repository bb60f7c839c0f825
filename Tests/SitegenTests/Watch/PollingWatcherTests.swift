import Foundation
@testable import SitegenCore
import Testing

/// The watcher for systems without inotify reports the same keys for the same edits.
@Suite("Watching by polling")
struct PollingWatcherTests {
    private func write(_ text: String, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func reportsAddedChangedAndRemovedFilesAsSourceKeys() throws {
        let root = TemporaryFolder.path("poll")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("Content"), templates = root.appendingPathComponent("Templates")
        try write("a", "news/a.md", in: content)
        try write("layout", "layout.mustache", in: templates)
        try write("body {}", "assets/css/base.css", in: templates)
        let watcher = PollingWatcher(roots: [("content", content), ("templates", templates),
                                             ("assets", templates.appendingPathComponent("assets"))],
                                     interval: .milliseconds(20))
        #expect(watcher.folderCount == 3)
        #expect(try watcher.nextChanges(quiet: .milliseconds(20), timeout: 0.1).isEmpty)
        try write("a, edited", "news/a.md", in: content)
        try write("hidden", "news/.a.md.swp", in: content)
        #expect(try watcher.nextChanges(quiet: .milliseconds(20), timeout: 2) == ["content/news/a.md"])
        try write("x", "archive/band/x.json", in: content)
        try FileManager.default.removeItem(at: content.appendingPathComponent("news/a.md"))
        #expect(try watcher.nextChanges(quiet: .milliseconds(20), timeout: 2) == ["content/archive/band/x.json", "content/news/a.md"])
        // A file of the assets root, inside the templates root, is reported under its own key only.
        try write("body { color: red }", "assets/css/base.css", in: templates)
        #expect(try watcher.nextChanges(quiet: .milliseconds(20), timeout: 2) == ["assets/css/base.css"])
    }

    @Test func theLoopFallsBackToPollingWhenAskedOrWithoutInotify() throws {
        let folder = try TemporaryFolder.make("poll")
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = BuildOptions(content: folder, templates: folder, output: folder.appendingPathComponent("out"))
        let polled = RebuildLoop(options: options, polling: true)
        #expect(polled.watcher is PollingWatcher)
        #expect(polled.pollingReason == "asked for")
        let watched = RebuildLoop(options: options)
        #if os(Linux)
        #expect(!(watched.watcher is PollingWatcher) || watched.pollingReason != nil)
        #else
        #expect(watched.watcher is PollingWatcher)
        #endif
    }
}
