import Foundation
import Sitegen
import SitegenCore
import Testing

/// A whole site written as text inside a test (Hugo's and Publish's idea): files by path under
/// Content/ and, optionally, Templates/; built into a fresh temporary folder.
struct TemporarySite {
    let root: URL
    var content: URL { root.appendingPathComponent("Content") }
    var templates: URL { root.appendingPathComponent("Templates") }
    var output: URL { root.appendingPathComponent("Output") }

    /// `files` are paths relative to the site root ("Content/site.yml", "Templates/home.mustache").
    /// Without any "Templates/" file, the repository's real Templates/ are copied in.
    init(_ files: [String: String]) throws {
        root = TemporaryFolder.path("site")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        if !files.keys.contains(where: { $0.hasPrefix("Templates/") }) {
            try FileManager.default.copyItem(at: TestPaths.templates, to: templates)
        }
        for (path, text) in files { try write(text, to: path) }
        if files["Content/site.yml"] == nil {
            try write("title: Test Site\nbase_url: https://example.org/\ntime_zone: UTC\n", to: "Content/site.yml")
        }
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(path))
    }

    func options(date: String = "2026-11-22", drafts: Bool = false, baseURL: String? = nil, output: URL? = nil) -> BuildOptions {
        BuildOptions(content: content, templates: templates, output: output ?? self.output, date: LocalDate(iso: date),
                     baseURL: baseURL, includeDrafts: drafts, workingDirectory: root)
    }

    @discardableResult
    func build(date: String = "2026-11-22", drafts: Bool = false, baseURL: String? = nil) throws(SitegenError) -> BuildReport {
        try Sitegen.build(options(date: date, drafts: drafts, baseURL: baseURL))
    }

    /// The text of an output file ("news/index.html"), or nil when it was not written.
    func read(_ path: String) -> String? {
        try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path) }

    /// Every output file by relative path.
    func outputFiles() -> [String: Data] {
        SiteFiles.read(output)
    }

    func delete() { try? FileManager.default.removeItem(at: root) }
}

enum SiteFiles {
    /// Every file under `folder` (hidden files included) by relative path. A folder or file that
    /// cannot be read (out of file descriptors under a loaded run, say) is a recorded issue, not
    /// left out: a comparison would otherwise blame the build for files the test did not see.
    static func read(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard FileManager.default.fileExists(atPath: folder.path) else { return [:] }
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) { url, error in
            Issue.record("cannot list \(url.path) while reading the output: \(error)")
            return true
        }
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            do {
                files[String(path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
            } catch {
                Issue.record("cannot read \(path) while reading the output: \(error)")
            }
        }
        return files
    }
}
