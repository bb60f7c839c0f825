import Foundation

/// Writes a build into a staging folder beside the output and swaps it in only when the whole
/// build succeeded, so a failed build leaves the previous Output/ exactly as it was.
public struct StagingOutput {
    public let output: URL
    public let staging: URL

    /// Prepares an empty staging folder next to `output`, clearing what killed builds left.
    public init(output: URL) throws(SitegenError) {
        self.output = output
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        staging = parent.appendingPathComponent(".\(name).staging-\(ProcessInfo.processInfo.processIdentifier)")
        let fileManager = FileManager.default
        for leftover in (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []
        where leftover.hasPrefix(".\(name).staging-") || leftover.hasPrefix(".\(name).previous-") {
            try? fileManager.removeItem(at: parent.appendingPathComponent(leftover))
        }
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw SitegenError("cannot create the staging folder \(staging.path): \(error.localizedDescription)")
        }
    }

    /// Writes `bytes` to `relativePath` under the staging folder.
    public func write(_ bytes: Data, to relativePath: String) throws(SitegenError) {
        let url = try Self.location(of: relativePath, in: staging)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url)
        } catch {
            throw SitegenError("cannot write \(relativePath): \(error.localizedDescription)")
        }
    }

    /// Replaces the output folder with the staging folder.
    public func publish() throws(SitegenError) {
        let fileManager = FileManager.default
        try? Data("built by sitegen; this folder is replaced by every build\n".utf8)
            .write(to: staging.appendingPathComponent(OutputGuard.markerName))
        let previous = output.deletingLastPathComponent()
            .appendingPathComponent(".\(output.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            if fileManager.fileExists(atPath: output.path) { try fileManager.moveItem(at: output, to: previous) }
            try fileManager.moveItem(at: staging, to: output)
        } catch {
            throw SitegenError("cannot move the new site into \(output.path): \(error.localizedDescription)")
        }
        try? fileManager.removeItem(at: previous)
    }

    /// Removes the staging folder after a failed build.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// The file for `relativePath` inside `root`, refusing any path that would leave it.
    public static func location(of relativePath: String, in root: URL) throws(SitegenError) -> URL {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !relativePath.hasPrefix("/"), !parts.isEmpty,
              parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw SitegenError("refusing to write outside the output folder: `\(relativePath)`")
        }
        return root.appendingPathComponent(relativePath)
    }
}
