import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Puts a build's files into the output folder without ever showing a reader a half-written
/// file: every file is first written into a staging folder beside the output, and published
/// only after the whole build succeeded, by renames (new files first, then changed ones, so no
/// link points at a page that is not there yet; removals last). A journal beside the output
/// marks a publish under way: if the process is killed, the next build sees it and repairs the
/// output by scanning it, rather than trusting the manifest.
public final class Publisher: @unchecked Sendable {
    public let output: URL
    let staging: URL
    private let stagingPath: String
    let journal: URL
    private let lock = NSLock()
    /// When there is no output folder yet, the staging folder is laid out as the output will be
    /// and becomes it by one rename: a first or clean build then creates each folder once, on the
    /// rendering threads, and moves no file. Otherwise staged files are numbered, not laid out in
    /// folders, and each is renamed into the output (which already has most of the folders).
    private let stagesTree: Bool
    /// Output path → its file in the staging folder.
    private var staged: [String: String] = [:]
    /// Folders known to exist (in the staging folder while staging, in the output while
    /// publishing), so each is created once.
    private var folders: Set<String> = []

    public init(output: URL) throws(SitegenError) {
        self.output = output
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        staging = parent.appendingPathComponent(".\(name).sitegen-staging")
        stagingPath = staging.path
        journal = parent.appendingPathComponent(".\(name).sitegen-journal")
        stagesTree = !FileManager.default.fileExists(atPath: output.path)
        do {
            // What a killed build left there must not be published with this one's files.
            if FileManager.default.fileExists(atPath: staging.path) { try FileManager.default.removeItem(at: staging) }
        } catch {
            throw SitegenError("cannot remove \(staging.path), left by an earlier build: \(error.localizedDescription)")
        }
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw SitegenError("cannot create the staging folder \(staging.path): \(error.localizedDescription)")
        }
    }

    /// True when a previous build was killed while publishing.
    public var interruptedBefore: Bool { FileManager.default.fileExists(atPath: journal.path) }

    /// Stages the bytes of one output file. Thread-safe.
    public func stage(_ bytes: Data, at relativePath: String) throws(SitegenError) {
        let path = try place(relativePath)
        let failed = bytes.withUnsafeBytes { Self.writeFile($0, to: path) }
        if let failed { throw SitegenError("cannot write \(relativePath) into the staging folder: \(failed)") }
    }

    /// Stages a rendered page, written from the text's own bytes rather than copied into a
    /// `Data` first (every page of the site would be copied once more). Thread-safe.
    public func stage(_ text: String, at relativePath: String) throws(SitegenError) {
        let path = try place(relativePath)
        var text = text
        let failed = text.withUTF8 { Self.writeFile(UnsafeRawBufferPointer($0), to: path) }
        if let failed { throw SitegenError("cannot write \(relativePath) into the staging folder: \(failed)") }
    }

    /// Where `relativePath` is staged, with its folder made when this is the first file in it.
    private func place(_ relativePath: String) throws(SitegenError) -> String {
        try Self.checkInside(relativePath)
        let (name, newFolder) = lock.withLock { () -> (String, String?) in
            let name = stagesTree ? relativePath : String(staged.count)
            staged[relativePath] = name
            guard let slash = name.lastIndex(of: "/") else { return (name, nil) }
            let folder = String(name[..<slash])
            return (name, folders.insert(folder).inserted ? folder : nil)
        }
        // Paths joined as text: `URL(fileURLWithPath:)` asks the file system whether each
        // path is a folder, once for every file of the site.
        if let newFolder { Self.makeFolder(stagingPath + "/" + newFolder) }
        return stagingPath + "/" + name
    }

    /// Writes a new file with plain write(2): Foundation's Data.write also fsyncs, which the
    /// rename-into-place does not need. Returns what went wrong, nil when nothing did.
    private static func writeFile(_ bytes: UnsafeRawBufferPointer, to path: String) -> String? {
        var descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT, let slash = path.lastIndex(of: "/") {
            // Another thread claimed the folder and has not made it yet.
            makeFolder(String(path[..<slash]))
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        do throws(FileBytes.Failure) {
            try FileBytes.writeAll(descriptor, bytes)
        } catch {
            return error.reason
        }
        return nil
    }

    /// How many files wait in the staging folder.
    var stagedCount: Int { lock.withLock { staged.count } }

    /// Moves the staged files into the output, removes `removals`, and writes the manifest last.
    /// `existing` tells which staged files replace a file already published.
    public func publish(existing: (String) -> Bool, removals: [String], manifest: Manifest.Update,
                        manifestURL: URL) throws(SitegenError) {
        try AtomicFile.write(Data("publishing\n".utf8), to: journal)
        var changed = false
        do throws(SitegenError) {
            try move(existing: existing, removals: removals, manifest: manifest, manifestURL: manifestURL, changed: &changed)
        } catch {
            var error = error
            error.outputChanged = changed
            throw error
        }
        // A journal left behind costs the next build a scan of the output, nothing worse.
        try? FileManager.default.removeItem(at: journal)
        discard()
    }

    /// The renames and removals of `publish`; `changed` turns true with the first of them.
    private func move(existing: (String) -> Bool, removals: [String], manifest: Manifest.Update, manifestURL: URL,
                      changed: inout Bool) throws(SitegenError) {
        let files = lock.withLock { staged }
        if stagesTree, !FileManager.default.fileExists(atPath: output.path) {
            if rename(staging.path, output.path) != 0 {
                throw SitegenError("cannot move the staging folder to \(output.path): \(String(cString: strerror(errno)))")
            }
            changed = true
        } else {
            let additions = files.keys.filter { !existing($0) }.sorted()
            let changes = files.keys.filter { existing($0) }.sorted()
            folders = []
            for path in additions + changes {
                let target = try Self.location(of: path, in: output)
                let folder = target.deletingLastPathComponent()
                if folders.insert(folder.path).inserted { Self.makeFolder(folder.path) }
                if rename(staging.appendingPathComponent(files[path]!).path, target.path) != 0 {
                    throw SitegenError("cannot move \(path) into \(output.path): \(String(cString: strerror(errno)))")
                }
                changed = true
            }
        }
        // A file that cannot be removed is reported (it would stay published, and the manifest
        // would say it is gone); the other removals go on, and the manifest is not written, so
        // the next build tries again.
        var failed: [SitegenError] = []
        for path in removals.sorted() {
            let target = try Self.location(of: path, in: output)
            if unlink(target.path) != 0, errno != ENOENT {
                failed.append(SitegenError("cannot remove \(path) from the output folder: \(String(cString: strerror(errno)))",
                                           at: SourceLocation(file: target.path)))
                continue
            }
            changed = true
            Self.removeEmptyFolders(from: target.deletingLastPathComponent(), upTo: output)
        }
        if let error = SitegenError.all(failed) { throw error }
        // Without the marker the next build would refuse the folder as not sitegen's.
        let marker = output.appendingPathComponent(OutputGuard.markerName)
        do {
            try Data("built by sitegen; the build replaces the files in this folder\n".utf8).write(to: marker)
        } catch {
            throw SitegenError("cannot write \(marker.path): \(error.localizedDescription)")
        }
        try manifest.perform(at: manifestURL)
    }

    /// Creates a folder and any missing parents; one that exists already (another thread may
    /// have just made it) is fine.
    private static func makeFolder(_ path: String) {
        if mkdir(path, 0o755) != 0, errno == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            makeFolder(String(path[..<slash]))
            mkdir(path, 0o755)
        }
    }

    /// Removes the staging folder (after a failed build, or after publishing). One that stays is
    /// removed, or named as an error, by the next build's `init`.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// The file for `relativePath` inside `root`, refusing any path that would leave it.
    public static func location(of relativePath: String, in root: URL) throws(SitegenError) -> URL {
        try checkInside(relativePath)
        return root.appendingPathComponent(relativePath)
    }

    /// Fails unless `relativePath` names a file inside the output: no empty, `.` or `..` part.
    static func checkInside(_ relativePath: String) throws(SitegenError) {
        // Each part between slashes is checked on the bytes, without an array of the parts
        // (every page's path is checked).
        var safe = true
        var length = 0
        var dots = 0
        for byte in relativePath.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (dots == length && length <= 2) { safe = false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        if length == 0 || (dots == length && length <= 2) { safe = false }  // the last part
        guard safe else {
            throw SitegenError("refusing to write outside the output folder: `\(relativePath)`")
        }
    }

    private static func removeEmptyFolders(from folder: URL, upTo root: URL) {
        var current = folder.standardizedFileURL
        let top = root.standardizedFileURL.path
        while current.path.hasPrefix(top + "/"),
              (try? FileManager.default.contentsOfDirectory(atPath: current.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: current)
            current = current.deletingLastPathComponent()
        }
    }
}
