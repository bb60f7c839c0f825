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
    /// The keys whose records differ from the digests these were updated from (added, changed or
    /// removed); nil when they were computed by a scan, which compares with no one.
    let changed: Set<String>?
    /// The paths of the files under Content/ ("news/a.md"), in byte order, so that the files
    /// below a folder are one run of it.
    private let contentPaths: [String]
    /// Folder digests, made when a page or section first asks: a build asks for a few folders,
    /// and making them all was a sixth of a no-op build at archive scale.
    private let folderDigests: FolderDigests

    init(records: [String: Manifest.SourceRecord], hashed: Int, changed: Set<String>? = nil) {
        self.init(records: records, hashed: hashed, changed: changed,
                  contentPaths: records.keys.compactMap { $0.hasPrefix("content/") ? String($0.dropFirst("content/".count)) : nil }
                      .sorted(by: ByteOrder.precedes),
                  folderDigests: FolderDigests())
    }

    private init(records: [String: Manifest.SourceRecord], hashed: Int, changed: Set<String>?, contentPaths: [String],
                 folderDigests: FolderDigests) {
        self.records = records
        self.hashed = hashed
        self.changed = changed
        self.contentPaths = contentPaths
        self.folderDigests = folderDigests
    }

    static let racyMargin: Int64 = 2_000_000_000

    public static func compute(roots: [(prefix: String, folder: URL)], previous: Manifest?, jobs: Int) throws(SitegenError) -> SourceDigests {
        // (key, root folder, path below it, stat); a URL is made only for a file that is read.
        var found: [(String, String, String, FileSnapshot.Entry)] = []
        var contentPaths: [String] = []
        for (prefix, folder) in roots {
            let root = folder.path
            // In byte order: the first unreadable file reported is the same on every run, and the
            // content root's paths are already the sorted list that folder digests search.
            let sorted = FileSnapshot.files(under: root, jobs: jobs)
            if prefix == "content/" { contentPaths = sorted.map(\.path) }
            for (path, entry) in sorted { found.append((prefix + path, root, path, entry)) }
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
        return SourceDigests(records: records, hashed: hashed, changed: nil, contentPaths: contentPaths, folderDigests: FolderDigests())
    }

    /// These digests brought up to date with the source keys a watcher reported changed: each is
    /// a file, a folder (scanned again as a whole) or a path that is gone. Every other record is
    /// kept without a stat, and so are the sorted paths and the folder digests that no change
    /// touches. A reported file is always hashed: the watcher, not its timestamp, says it changed.
    func updated(changes: Set<String>, roots: [(prefix: String, folder: URL)]) throws(SitegenError) -> SourceDigests {
        var records = self.records
        var touched: Set<String> = []
        var hashed = 0
        var listingChanged = false
        for key in changes.sorted() {
            guard let (prefix, folder) = roots.first(where: { key.hasPrefix($0.prefix) || key + "/" == $0.prefix }),
                  !key.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            let relative = String(key.dropFirst(min(prefix.count, key.count)))
            let path = relative.isEmpty ? folder.path : folder.path + "/" + relative
            // What was recorded at or below the key, and what is there now.
            let folderKey = relative.isEmpty ? prefix : key + "/"
            var before: [String] = records[key] == nil ? [] : [key]
            if prefix != "content/" {
                before += records.keys.filter { $0.hasPrefix(folderKey) }
            } else if relative.isEmpty {
                before += contentPaths.map { "content/" + $0 }
            } else {
                before += paths(under: relative).map { "content/" + $0 }
            }
            var now: [String: FileSnapshot.Entry] = [:]
            if let entry = FileSnapshot.entry(at: path) {
                now[key] = entry
            } else {
                for (below, entry) in FileSnapshot.scan(URL(fileURLWithPath: path)).entries { now[folderKey + below] = entry }
            }
            for gone in before where now[gone] == nil {
                records[gone] = nil
                touched.insert(gone)
                listingChanged = true
            }
            for (found, entry) in now.sorted(by: { $0.key < $1.key }) {
                let old = records[found]
                if old == nil { listingChanged = true }
                // A file in a scanned folder is trusted by its stat; the file reported itself is read.
                if let old, found != key, old.size == entry.size, old.modified == entry.modified { continue }
                let file = found == key ? path : path + "/" + found.dropFirst(folderKey.count)
                guard let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .mappedIfSafe) else {
                    throw SitegenError("cannot read file", at: SourceLocation(file: file))
                }
                hashed += 1
                let record = Manifest.SourceRecord(size: entry.size, modified: entry.modified, digest: Digest.of(data))
                if record != old { records[found] = record; touched.insert(found) }
            }
        }
        if touched.isEmpty {
            return SourceDigests(records: records, hashed: hashed, changed: touched, contentPaths: contentPaths, folderDigests: folderDigests)
        }
        if listingChanged { return SourceDigests(records: records, hashed: hashed, changed: touched) }
        return SourceDigests(records: records, hashed: hashed, changed: touched, contentPaths: contentPaths,
                             folderDigests: folderDigests.keeping { folder in
                                 !touched.contains { $0.hasPrefix("content/" + folder + "/") }
                             })
    }

    /// The digest of a content file ("news/a.md"), or nil when it does not exist.
    public func content(_ path: String) -> Digest? { records["content/" + path]?.digest }

    /// A digest of every file (path and content) under the given content folders.
    public func folders(_ folders: [String]) -> Digest {
        Digest.of(folders.sorted().map { "\($0)=\(folderDigests.contents(of: $0, in: self)?.description ?? "empty")" })
    }

    /// A digest of the names of the files under a content folder (a listing, not contents).
    public func listing(_ folder: String) -> Digest {
        folderDigests.listing(of: folder, in: self) ?? Digest.of("empty")
    }

    /// The paths of the files below a content folder, at any depth.
    fileprivate func paths(under folder: String) -> ArraySlice<String> {
        let prefix = folder + "/"
        var low = 0
        var high = contentPaths.count
        while low < high {
            let middle = (low + high) / 2
            if ByteOrder.precedes(contentPaths[middle], prefix) { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < contentPaths.count, contentPaths[end].utf8.starts(with: prefix.utf8) { end += 1 }
        return contentPaths[low..<end]
    }
}

/// The folder digests of one build's sources, each made once, from any thread.
private final class FolderDigests: @unchecked Sendable {
    private let lock = NSLock()
    private var listings: [String: Digest?] = [:]
    private var contents: [String: Digest?] = [:]

    func listing(of folder: String, in sources: SourceDigests) -> Digest? {
        if let known = lock.withLock({ listings[folder] }) { return known }
        let paths = sources.paths(under: folder)
        let digest = paths.isEmpty ? nil : Digest.of(Array(paths))
        lock.withLock { listings[folder] = digest }
        return digest
    }

    /// A cache holding the digests of the folders that `isValid` accepts.
    func keeping(_ isValid: (String) -> Bool) -> FolderDigests {
        let copy = FolderDigests()
        lock.withLock {
            copy.listings = listings.filter { isValid($0.key) }
            copy.contents = contents.filter { isValid($0.key) }
        }
        return copy
    }

    func contents(of folder: String, in sources: SourceDigests) -> Digest? {
        if let known = lock.withLock({ contents[folder] }) { return known }
        let paths = sources.paths(under: folder)
        // The bytes of `Digest.of(paths.map { "\(path)=\(digest)" })`, written into one buffer:
        // the archive's folder holds 200,000 files, a string each was a twentieth of a rebuild.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(paths.count * 80)
        for path in paths {
            if !bytes.isEmpty { bytes.append(0x01) }
            bytes.append(contentsOf: path.utf8)
            bytes.append(UInt8(ascii: "="))
            sources.records["content/" + path]!.digest.appendHexDigits(to: &bytes)
        }
        let digest = paths.isEmpty ? nil : bytes.withUnsafeBytes { Digest.of($0) }
        lock.withLock { contents[folder] = digest }
        return digest
    }
}
