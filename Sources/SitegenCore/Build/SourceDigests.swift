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
            let path = key.dropFirst("content/".count)
            var folder = path[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                names[String(folder), default: []].append(String(path))
                entries[String(folder), default: []].append("\(path)=\(records[key]!.digest)")
            }
        }
        listings = names.mapValues { Digest.of($0) }
        contents = entries.mapValues { Digest.of($0) }
    }

    static let racyMargin: Int64 = 2_000_000_000

    public static func compute(roots: [(prefix: String, folder: URL)], previous: Manifest?, jobs: Int) throws(SitegenError) -> SourceDigests {
        var found: [(String, URL, FileSnapshot.Entry)] = []
        for (prefix, folder) in roots {
            let snapshot = FileSnapshot.scan(folder)
            for path in snapshot.entries.keys.sorted() {
                found.append((prefix + path, folder.appendingPathComponent(path), snapshot.entries[path]!))
            }
        }
        let stats = found
        let trustedBefore = (previous?.startedAt ?? 0) - racyMargin
        let results = try Parallel.map(stats.count, jobs: jobs) { index throws(SitegenError) -> (Manifest.SourceRecord, Bool) in
            let (key, url, entry) = stats[index]
            if let old = previous?.sources[key], old.size == entry.size, old.modified == entry.modified, entry.modified < trustedBefore {
                return (old, false)
            }
            guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else {
                throw SitegenError("cannot read file", at: SourceLocation(file: url.path))
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
