import Foundation

/// The digest of every source file of a build (Content/ and Templates/assets/), reusing the last
/// build's digest when a file's size and modification time are unchanged. A file modified in
/// the second before the last build started is hashed again anyway: within the file system's
/// timestamp granularity an edit need not change its stat (git calls this the "racy" case).
public struct SourceDigests: Sendable {
    /// Path (prefixed: "content/news/a.md", "assets/css/base.css") → record.
    public let records: [String: Manifest.SourceRecord]
    /// How many files were read and hashed (the rest were trusted by their stat).
    public let hashed: Int
    /// For every folder under Content/ ("news", "archive/GratefulDead"): a digest of the names of
    /// the files below it, and one of their names and contents. Built once: pages ask often.
    private let listings: [String: Digest]
    private let contents: [String: Digest]

    init(records: [String: Manifest.SourceRecord], hashed: Int) {
        self.records = records
        self.hashed = hashed
        var names: [String: [String]] = [:]
        var entries: [String: [String]] = [:]
        for key in records.keys.sorted() where key.hasPrefix("content/") {
            let path = String(key.dropFirst("content/".count))
            let entry = "\(path)=\(records[key]!.digest)"
            var folder = path[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                let name = String(folder)
                names[name, default: []].append(path)
                entries[name, default: []].append(entry)
            }
        }
        listings = names.mapValues { Digest.of($0) }
        contents = entries.mapValues { Digest.of($0) }
    }

    static let racyMargin: Int64 = 2_000_000_000

    public static func compute(roots: [(prefix: String, folder: URL)], previous: Manifest?, jobs: Int) throws(SitegenError) -> SourceDigests {
        // (key, root folder, path below it, stat); a URL is made only for a file that is read.
        var found: [(String, String, String, FileSnapshot.Entry)] = []
        for (prefix, folder) in roots {
            let root = folder.path
            // Sorted, so that the first unreadable file reported is the same on every run.
            for (path, entry) in FileSnapshot.scan(folder).entries.sorted(by: { $0.key < $1.key }) {
                found.append((prefix + path, root, path, entry))
            }
        }
        let stats = found
        let trustedBefore = (previous?.startedAt ?? 0) - racyMargin
        let results = try Parallel.map(stats.count, jobs: jobs) { index throws(SitegenError) -> (Manifest.SourceRecord, Bool) in
            let (key, root, path, entry) = stats[index]
            if let old = previous?.sources[key], old.size == entry.size, old.modified == entry.modified, entry.modified < trustedBefore {
                return (old, false)
            }
            let file = root + "/" + path
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .mappedIfSafe) else {
                throw SitegenError("cannot read file", at: SourceLocation(file: file))
            }
            return (Manifest.SourceRecord(size: entry.size, modified: entry.modified, digest: Digest.of(data)), true)
        }
        var records: [String: Manifest.SourceRecord] = [:]
        records.reserveCapacity(stats.count)
        var hashed = 0
        for (index, result) in results.enumerated() {
            records[stats[index].0] = result.0
            if result.1 { hashed += 1 }
        }
        return SourceDigests(records: records, hashed: hashed)
    }

    /// The digest of a content file ("news/a.md"), or nil when it does not exist.
    public func content(_ path: String) -> Digest? { records["content/" + path]?.digest }

    /// A digest of every file (path and content) under the given content folders.
    public func folders(_ folders: [String]) -> Digest {
        Digest.of(folders.sorted().map { "\($0)=\(contents[$0]?.description ?? "empty")" })
    }

    /// A digest of the names of the files under a content folder (a listing, not contents).
    public func listing(_ folder: String) -> Digest {
        listings[folder] ?? Digest.of("empty")
    }
}
