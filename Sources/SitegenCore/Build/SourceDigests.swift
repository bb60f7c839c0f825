import Foundation

/// The digest of every source file of a build (Content/ and Templates/assets/), in groups (one
/// per top folder of Content/, see `Manifest.sourceGroup(of:)`). A group whose files the walk
/// finds with the stats the last manifest summarises for it is trusted whole, its records left
/// unread until asked for; in any other group each file is trusted by its own size and
/// modification time, and read and hashed when either changed. A file modified in the second
/// before the last build started is hashed again anyway: within the file system's timestamp
/// granularity an edit need not change its stat (git calls this the "racy" case).
public struct SourceDigests: Sendable {
    let groups: [String: SourceGroup]
    /// How many files were read and hashed (the rest were trusted by their stat).
    public let hashed: Int
    /// True when a file was modified so shortly before the last build started that its stat could
    /// not be trusted: the next manifest must then say when this build started, even if nothing
    /// changed, or every build would read that file's group again.
    let racy: Bool
    /// What the walk refused (source keys, "content/static/etc", with the reason): links out of
    /// the content and templates folders, special files, files over the size limit. None of them
    /// is read; each stops the build.
    public let refused: [(key: String, reason: String)]

    init(groups: [String: SourceGroup], hashed: Int, racy: Bool = false, refused: [(key: String, reason: String)] = []) {
        self.groups = groups
        self.hashed = hashed
        self.racy = racy
        self.refused = refused
    }

    /// Digests from records alone (keys with their prefix: "content/news/a.md").
    init(records: [String: Manifest.SourceRecord], hashed: Int) {
        var byGroup: [String: [String: Manifest.SourceRecord]] = [:]
        for (key, record) in records { byGroup[Manifest.sourceGroup(of: key), default: [:]][key] = record }
        self.init(groups: byGroup.reduce(into: [:]) { groups, entry in
            groups[entry.key] = SourceGroup(prefix: Self.prefix(of: entry.key), records: entry.value)
        }, hashed: hashed)
    }

    static let racyMargin: Int64 = 2_000_000_000

    /// "content/news" → "content/", "assets" → "assets/".
    static func prefix(of group: String) -> String {
        String(group.prefix(while: { $0 != "/" })) + "/"
    }

    /// `allowed` are the folders symbolic links may point into (by default, the roots);
    /// `sizeLimit` the largest file taken.
    public static func compute(roots: [(prefix: String, folder: URL)], previous: Manifest?, jobs: Int,
                               allowed: [URL]? = nil, sizeLimit: Int = SiteConfig.defaultMaxFileBytes) throws(SitegenError) -> SourceDigests {
        let trustedBefore = (previous?.startedAt ?? 0) - racyMargin
        var groups: [String: SourceGroup] = [:]
        var hashed = 0
        var racy = false
        var refused: [(key: String, reason: String)] = []
        for (prefix, folder) in roots {
            let root = folder.path
            // In byte order, so each group's files come out in byte order too; the groups in
            // order of their keys, so the first unreadable file reported is the same on every run.
            let rules = WalkRules(allowed: (allowed ?? roots.map(\.folder)).map(\.path), sizeLimit: sizeLimit)
            let files = FileSnapshot.files(under: root, jobs: jobs * Parallel.readersPerJob, rules: rules)
            refused += rules.refused.map { (prefix + $0.path, $0.reason) }
            for (key, runs) in Self.split(files, prefix: prefix).sorted(by: { $0.key < $1.key }) {
                let count = runs.reduce(0) { $0 + $1.count }
                var builder = SourceSummary.Builder(files: count)
                for run in runs {
                    for index in run { builder.add(prefix: prefix, path: files[index].path, size: files[index].entry.size, modified: files[index].entry.modified) }
                }
                let summary = builder.summary
                let paths: @Sendable () -> [String] = { runs.flatMap { files[$0].map(\.path) } }
                let old = previous?.sources[key]
                if let old, old.summary == summary, old.file.count == count, summary.newest < trustedBefore {
                    groups[key] = SourceGroup(count: count, part: old, paths: paths)
                    continue
                }
                racy = racy || summary.newest >= trustedBefore
                let oldRecords = old?.file.records ?? [:]
                let members = runs.flatMap { Array($0) }
                // In batches, each read through one buffer: no allocation for each of the site's
                // files, made and freed on several threads.
                let batch = 256
                let batches = try Parallel.map((members.count + batch - 1) / batch, jobs: jobs * Parallel.readersPerJob) {
                    batchIndex throws(SitegenError) -> [(Manifest.SourceRecord, Bool)] in
                    var buffer: [UInt8] = []
                    var results: [(Manifest.SourceRecord, Bool)] = []
                    for index in batchIndex * batch..<min(members.count, (batchIndex + 1) * batch) {
                        let (path, entry) = files[members[index]]
                        if let old = oldRecords[prefix + path], old.size == entry.size, old.modified == entry.modified,
                           entry.modified < trustedBefore {
                            results.append((old, false))
                            continue
                        }
                        let file = root + "/" + path
                        let length = try FileBytes.read(file, displayPath: file, limit: sizeLimit, into: &buffer)
                        let digest = buffer.withUnsafeBytes { Digest.of(UnsafeRawBufferPointer(rebasing: $0[..<length])) }
                        results.append((Manifest.SourceRecord(size: entry.size, modified: entry.modified, digest: digest), true))
                        // A large file (a video in static/) does not keep its buffer for the rest of the batch.
                        if buffer.count > Self.keptBuffer { buffer = [] }
                    }
                    return results
                }
                let results = batches.joined()
                var records: [String: Manifest.SourceRecord] = [:]
                records.reserveCapacity(count)
                for (index, result) in results.enumerated() {
                    records[prefix + files[members[index]].path] = result.0
                    if result.1 { hashed += 1 }
                }
                // Files touched or hashed again for nothing keep their part's file: only its summary changes.
                let part = if let old, old.file.count == records.count, oldRecords == records {
                    Manifest.SourcePart(summary: summary, folders: old.folders, file: old.file)
                } else {
                    Manifest.SourcePart(summary: summary, folders: [:], file: PartFile(records: records))
                }
                groups[key] = SourceGroup(count: count, part: part, paths: paths)
            }
        }
        return SourceDigests(groups: groups, hashed: hashed, racy: racy, refused: refused)
    }

    /// The largest buffer a reader keeps from one file to the next: cached responses and posts
    /// are kilobytes, a few search pages megabytes.
    static let keptBuffer = 8 << 20

    /// The files of a root by group, as runs of indexes into the sorted list: the files of one
    /// top folder are one run (found by bisection: 236,000 paths at archive scale, a handful of
    /// folders), those at the top of Content/ may be several.
    private static func split(_ files: [(path: String, entry: FileSnapshot.Entry)], prefix: String) -> [String: [Range<Int>]] {
        let top = String(prefix.dropLast())
        guard prefix == "content/" else { return files.isEmpty ? [:] : [top: [0..<files.count]] }
        var groups: [String: [Range<Int>]] = [:]
        var start = 0
        while start < files.count {
            let path = files[start].path
            guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else {
                var end = start + 1
                while end < files.count, !files[end].path.utf8.contains(UInt8(ascii: "/")) { end += 1 }
                groups[top, default: []].append(start..<end)
                start = end
                continue
            }
            // The paths are in byte order, so those that begin with "folder/" follow each other.
            let folder = path[...slash].utf8
            var low = start + 1, high = files.count
            while low < high {
                let middle = (low + high) / 2
                if files[middle].path.utf8.starts(with: folder) { low = middle + 1 } else { high = middle }
            }
            groups[top + "/" + path[..<slash], default: []].append(start..<low)
            start = low
        }
        return groups
    }

    /// These digests brought up to date with the source keys a watcher reported changed: each is
    /// a file, a folder (scanned again as a whole) or a path that is gone. The groups no change
    /// touches are kept as they are, without a stat. A reported file is always hashed: the
    /// watcher, not its timestamp, says it changed.
    /// Changed paths are checked as the full walk checks them (`allowed`, `sizeLimit`): a link
    /// made while watching is followed only into the allowed folders, and so on.
    func updated(changes: Set<String>, roots: [(prefix: String, folder: URL)], allowed: [URL]? = nil,
                 sizeLimit: Int = SiteConfig.defaultMaxFileBytes) throws(SitegenError) -> SourceDigests {
        let rules = WalkRules(allowed: (allowed ?? roots.map(\.folder)).map(\.path), sizeLimit: sizeLimit)
        var refused: [(key: String, reason: String)] = []
        var touched: [String: [String: Manifest.SourceRecord]] = [:]
        var changedGroups: Set<String> = []
        var hashed = 0
        func records(of group: String) -> [String: Manifest.SourceRecord] {
            touched[group] ?? groups[group]?.records ?? [:]
        }
        for key in changes.sorted() {
            guard let (prefix, folder) = roots.first(where: { key.hasPrefix($0.prefix) || key + "/" == $0.prefix }),
                  !key.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            let relative = String(key.dropFirst(min(prefix.count, key.count)))
            let path = relative.isEmpty ? folder.path : folder.path + "/" + relative
            // The groups the key may hold files of, what they recorded at or below it, and what is there now.
            let folderKey = relative.isEmpty ? prefix : key + "/"
            let candidates = relative.isEmpty ? groups.keys.filter { Self.prefix(of: $0) == prefix } + [String(prefix.dropLast())]
                : [Manifest.sourceGroup(of: key), Manifest.sourceGroup(of: key + "/x")]
            var now: [String: FileSnapshot.Entry] = [:]
            let pathRules = WalkRules(allowed: rules.allowed, sizeLimit: sizeLimit)
            if let entry = FileSnapshot.entry(at: path, rules: pathRules) {
                now[key] = entry
            } else if pathRules.refused.isEmpty {
                for (below, entry) in FileSnapshot.files(under: path, jobs: 1, rules: pathRules) { now[folderKey + below] = entry }
            }
            refused += pathRules.refused.map { ($0.path.isEmpty ? key : folderKey + $0.path, $0.reason) }
            for group in Set(candidates) {
                var recorded = records(of: group)
                var changed = false
                for gone in recorded.keys where (gone == key || gone.hasPrefix(folderKey)) && now[gone] == nil {
                    recorded[gone] = nil
                    changed = true
                }
                for (found, entry) in now.sorted(by: { $0.key < $1.key }) where Manifest.sourceGroup(of: found) == group {
                    let old = recorded[found]
                    // A file in a scanned folder is trusted by its stat; the file reported itself is read.
                    if let old, found != key, old.size == entry.size, old.modified == entry.modified { continue }
                    let file = found == key ? path : path + "/" + found.dropFirst(folderKey.count)
                    let digest = Digest.of(try FileBytes.read(String(file), displayPath: String(file)))
                    hashed += 1
                    let record = Manifest.SourceRecord(size: entry.size, modified: entry.modified, digest: digest)
                    if record != old { recorded[found] = record; changed = true }
                }
                touched[group] = recorded
                if changed { changedGroups.insert(group) }
            }
        }
        var next = groups
        for group in changedGroups {
            let records = touched[group]!
            next[group] = records.isEmpty ? nil : SourceGroup(prefix: Self.prefix(of: group), records: records)
        }
        return SourceDigests(groups: next, hashed: hashed, refused: refused)
    }

    /// How many source files there are.
    public var count: Int { groups.values.reduce(0) { $0 + $1.count } }

    /// The source record of a key ("content/news/a.md", "assets/css/base.css"), or nil.
    func record(_ key: String) -> Manifest.SourceRecord? {
        groups[Manifest.sourceGroup(of: key)]?.records[key]
    }

    /// The records of one group ("content/static", "assets").
    func records(inGroup key: String) -> [String: Manifest.SourceRecord] {
        groups[key]?.records ?? [:]
    }

    /// The digest of a content file ("news/a.md"), or nil when it does not exist.
    public func content(_ path: String) -> Digest? { record("content/" + path)?.digest }

    /// The parts to record in the next manifest.
    var parts: [String: Manifest.SourcePart] { groups.mapValues(\.partForManifest) }

    /// A digest of every file (path and content) under the given content folders.
    public func folders(_ folders: [String]) -> Digest {
        Digest.of(folders.sorted().map { "\($0)=\(contents(of: $0)?.description ?? "empty")" })
    }

    /// A digest of the names of the files under a content folder (a listing, not contents).
    public func listing(_ folder: String) -> Digest {
        guard let group = groups[Manifest.sourceGroup(of: "content/" + folder + "/x")] else { return Digest.of("empty") }
        let digest = group.folderDigest("l:" + folder) {
            let paths = group.paths(under: folder)
            return paths.isEmpty ? Digest.of("empty") : Digest.of(Array(paths))
        }
        return digest
    }

    private func contents(of folder: String) -> Digest? {
        guard let group = groups[Manifest.sourceGroup(of: "content/" + folder + "/x")] else { return nil }
        let empty = Digest(high: 0, low: 0)
        let digest = group.folderDigest("c:" + folder) {
            let paths = group.paths(under: folder)
            guard !paths.isEmpty else { return empty }
            let records = group.records
            // The bytes of `Digest.of(paths.map { "\(path)=\(digest)" })`, written into one buffer:
            // the archive's folder holds most of the site's files, and a string for each is made,
            // hashed and freed on every rebuild that reads the folder.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(paths.count * 80)
            for path in paths {
                if !bytes.isEmpty { bytes.append(0x01) }
                bytes.append(contentsOf: path.utf8)
                bytes.append(UInt8(ascii: "="))
                // A part damaged on disk gives no records; the build then fails before it publishes.
                records["content/" + path]?.digest.appendHexDigits(to: &bytes)
            }
            return bytes.withUnsafeBytes { Digest.of($0) }
        }
        return digest == empty ? nil : digest
    }
}
