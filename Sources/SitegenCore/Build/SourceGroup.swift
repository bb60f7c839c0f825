import Foundation

/// What a group's files look like to a stat: a digest of every file's key, size and
/// modification time, in byte order, and the newest modification time. Equal summaries mean the
/// walk found the same files with the same stats as when the group's records were made.
public struct SourceSummary: Sendable, Codable, Hashable {
    var stats: Digest
    var newest: Int64

    /// `files` are (path below the root, size, modification time), in the byte order of the paths.
    static func of<Files: Sequence>(prefix: String, _ files: Files) -> SourceSummary where Files.Element == (String, Int64, Int64) {
        var bytes: [UInt8] = []
        var newest = Int64.min
        for (path, size, modified) in files {
            bytes.append(contentsOf: prefix.utf8)
            bytes.append(contentsOf: path.utf8)
            bytes.append(0)
            withUnsafeBytes(of: size.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: modified.littleEndian) { bytes.append(contentsOf: $0) }
            newest = max(newest, modified)
        }
        return SourceSummary(stats: bytes.withUnsafeBytes { Digest.of($0) }, newest: newest)
    }
}

/// The files of one source group ("content/news", "content" for the files at the top of
/// Content/, "assets") as one build sees them. When the walk found them just as the last
/// manifest's part records them, that part is kept and read only if a page asks for a file's
/// digest: an edit to one post leaves the archive's 200,000 records unread.
final class SourceGroup: @unchecked Sendable {
    let key: String
    /// "content/" or "assets/": what the paths below are relative to.
    let prefix: String
    /// The files' paths below the prefix ("news/a.md"), in byte order.
    let paths: [String]
    let summary: SourceSummary
    /// The records (the last manifest's part when the stats matched it, read when first asked
    /// for), with the folder digests known for them.
    let part: Manifest.SourcePart
    private let lock = NSLock()
    private var folders: [String: Digest]

    init(key: String, prefix: String, paths: [String], summary: SourceSummary, part: Manifest.SourcePart) {
        self.key = key
        self.prefix = prefix
        self.paths = paths
        self.summary = summary
        self.part = part
        folders = part.folders
    }

    /// A group made from records (keys with the prefix).
    convenience init(key: String, prefix: String, records: [String: Manifest.SourceRecord]) {
        let paths = records.keys.map { String($0.dropFirst(prefix.count)) }.sorted(by: ByteOrder.precedes)
        let summary = SourceSummary.of(prefix: prefix, paths.lazy.map { path in
            let record = records[prefix + path]!
            return (path, record.size, record.modified)
        })
        self.init(key: key, prefix: prefix, paths: paths, summary: summary,
                  part: Manifest.SourcePart(summary: summary, folders: [:], file: PartFile(records: records)))
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
