import Foundation

/// What a group's files look like to a stat: a digest of every file's key, size and
/// modification time, in byte order, and the newest modification time. Equal summaries mean the
/// walk found the same files with the same stats as when the group's records were made.
public struct SourceSummary: Sendable, Codable, Hashable {
    var stats: Digest
    var newest: Int64

    /// Adds files one at a time, in the byte order of their paths.
    struct Builder {
        private var bytes: [UInt8] = []
        private var newest = Int64.min

        /// Room for `files` files, so that the bytes are not copied again each time they grow.
        init(files: Int = 0) {
            bytes.reserveCapacity(files * 64)
        }

        /// `path` is below the root that `prefix` names ("news/a.md" under "content/").
        mutating func add(prefix: String, path: String, size: Int64, modified: Int64) {
            bytes.append(contentsOf: prefix.utf8)
            bytes.append(contentsOf: path.utf8)
            bytes.append(0)
            withUnsafeBytes(of: size.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: modified.littleEndian) { bytes.append(contentsOf: $0) }
            newest = max(newest, modified)
        }

        var summary: SourceSummary {
            SourceSummary(stats: bytes.withUnsafeBytes { Digest.of($0) }, newest: newest)
        }
    }
}

/// The files of one source group ("content/news", "content" for the files at the top of
/// Content/, "assets") as one build sees them. When the walk found them just as the last
/// manifest's part records them, that part is kept and read only if a page asks for a file's
/// digest: an edit to one post leaves the archive's 200,000 records unread.
final class SourceGroup: @unchecked Sendable {
    /// How many files the group holds.
    let count: Int
    /// The records (the last manifest's part when the stats matched it, read when first asked
    /// for), their summary, and the folder digests known for them.
    let part: Manifest.SourcePart
    private let lock = NSLock()
    private var folders: [String: Digest]
    private var knownPaths: [String]?
    private let makePaths: @Sendable () -> [String]

    /// `makePaths` lists the files' paths below their root ("news/a.md") in byte order; it is
    /// called only if a folder digest needs them (a kept group's are mostly in its part already).
    init(count: Int, part: Manifest.SourcePart, paths makePaths: @escaping @Sendable () -> [String]) {
        self.count = count
        self.part = part
        self.makePaths = makePaths
        folders = part.folders
    }

    /// A group made from records (keys with the prefix: "content/news/a.md" under "content/").
    convenience init(prefix: String, records: [String: Manifest.SourceRecord]) {
        let paths = records.keys.map { String($0.dropFirst(prefix.count)) }.sorted(by: ByteOrder.precedes)
        var summary = SourceSummary.Builder(files: paths.count)
        for path in paths {
            let record = records[prefix + path]!
            summary.add(prefix: prefix, path: path, size: record.size, modified: record.modified)
        }
        self.init(count: paths.count, part: Manifest.SourcePart(summary: summary.summary, folders: [:], file: PartFile(records: records)),
                  paths: { paths })
    }

    /// The files' paths below the prefix ("news/a.md"), in byte order.
    var paths: [String] {
        if let known = lock.withLock({ knownPaths }) { return known }
        let paths = makePaths()
        lock.withLock { knownPaths = paths }
        return paths
    }

    var records: [String: Manifest.SourceRecord] { part.file.records }

    /// The part to record in the next manifest: with every folder digest made so far.
    var partForManifest: Manifest.SourcePart {
        var part = part
        part.folders = lock.withLock { folders }
        return part
    }

    /// A folder digest ("c:archive", "l:news"), made by `make` the first time it is asked for.
    func folderDigest(_ key: String, _ make: () -> Digest) -> Digest {
        if let known = lock.withLock({ folders[key] }) { return known }
        let digest = make()
        lock.withLock { folders[key] = digest }
        return digest
    }

    /// The paths below a folder ("news" → "news/a.md", "news/2026/b.md"), at any depth.
    func paths(under folder: String) -> ArraySlice<String> {
        let paths = self.paths
        let prefix = folder + "/"
        var low = 0
        var high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if ByteOrder.precedes(paths[middle], prefix) { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < paths.count, paths[end].utf8.starts(with: prefix.utf8) { end += 1 }
        return paths[low..<end]
    }
}
