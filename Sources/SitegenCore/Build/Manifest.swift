import Foundation

/// What the previous build made and from what: the incremental build's memory. It lives beside
/// the output folder (`.Output.sitegen-manifest/`), not in it, so it is never published.
///
/// It is a folder: an `index` (a header line and one line of JSON: the sections' records and a
/// summary of every part) and one file per part, read only when a build needs it:
/// - the source records of each top folder of Content/ ("content/news"; "content" for the files
///   at its top) and of Templates/assets/ ("assets"), each part summarised in the index by a
///   digest of its files' paths, sizes and modification times, so that a build whose walk finds
///   the same stats trusts the whole folder without reading its records;
/// - the output records of each owner ("news", "archive", "site", "static", "assets"), so that
///   a section kept unloaded keeps its part unread.
///
/// A build writes only the parts that changed, under new names, then the index (renamed into
/// place), then removes the files the index no longer names: the index always names parts that
/// are whole. Parts keep a rebuild's reading and writing in proportion to what changed: with one
/// file, an edited post meant reading and writing a line for every file of the site.
public struct Manifest: Sendable {
    static let header = "sitegen-manifest 3"

    /// A content or template file as last seen: its stat and its digest.
    public struct SourceRecord: Sendable, Hashable {
        public var size: Int64
        public var modified: Int64
        public var digest: Digest
    }

    /// One file of the output (its owner is the part that holds it).
    public struct OutputRecord: Sendable, Hashable {
        /// The fingerprint of everything the file was made from.
        public var inputs: Digest
        /// The digest of the bytes written, and their count.
        public var bytes: Digest
        public var size: Int64
    }

    /// A section as the last build left it: enough to skip loading it when nothing it reads changed.
    public struct SectionRecord: Sendable, Codable, Hashable {
        public var fingerprint: Digest
        public var navigation: NavRecord?
        /// `Section.moreNavigation` (nil in a manifest from before it existed: none).
        public var moreNavigation: [NavRecord]?
        /// The section's home block, rendered.
        public var homeHTML: String?
        /// The section's block on /discover/, rendered.
        public var discoverHTML: String?
        /// Every template its pages and home block were rendered with.
        public var templates: [String]
        /// Its sitemap files ("sitemap-news.xml"), which sitemap.xml lists.
        public var sitemaps: [String]
        public var warnings: [Warning]
        /// Whether it wrote a search index, which the search page then fetches (nil in a
        /// manifest from before this was recorded: taken as yes).
        public var searchIndex: Bool? = nil
    }

    public struct NavRecord: Sendable, Codable, Hashable {
        public var key: String
        public var path: String
        public var order: Int
    }

    /// The source files of one group, as the index describes them.
    struct SourcePart: Sendable {
        var summary: SourceSummary
        /// Folder digests made from these files ("c:archive" for contents, "l:news" for a
        /// listing), valid as long as the files are.
        var folders: [String: Digest]
        let file: PartFile<SourceRecord>
    }

    /// The output files of one owner.
    struct OutputPart: Sendable {
        /// The first component of every path (a top folder or a file at the top of the output):
        /// a page of another owner can only collide with these files under one of them.
        var tops: [String]
        let file: PartFile<OutputRecord>

        init(records: [String: OutputRecord]) {
            self.file = PartFile(records: records)
            tops = Set(records.keys.map { $0.split(separator: "/", maxSplits: 1).first.map(String.init) ?? $0 }).sorted()
        }

        fileprivate init(tops: [String], file: PartFile<OutputRecord>) {
            self.tops = tops
            self.file = file
        }
    }

    public var generator: String
    public var startedAt: Int64
    public var sections: [String: SectionRecord] = [:]
    /// Source group ("content/news", "content", "assets") → its files.
    var sources: [String: SourcePart] = [:]
    /// Owner → its output files.
    var outputs: [String: OutputPart] = [:]
    /// Set when a part read after the index turns out unreadable.
    let damage = ManifestDamage()

    public init(generator: String, startedAt: Int64, sections: [String: SectionRecord] = [:]) {
        self.generator = generator
        self.startedAt = startedAt
        self.sections = sections
    }

    /// How a build leaves the manifest.
    public enum Update: Sendable {
        /// The manifest already says what this build made.
        case keep
        case write(Manifest)

        func perform(at url: URL) throws(SitegenError) {
            if case .write(let manifest) = self { try manifest.write(to: url) }
        }
    }

    /// The source group of a key: "content/news/a.md" → "content/news", "content/site.yml" →
    /// "content", "assets/css/base.css" → "assets".
    public static func sourceGroup(of key: String) -> String {
        let bytes = key.utf8
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return key }
        let root = String(key[..<slash])
        guard root == "content", let next = bytes[bytes.index(after: slash)...].firstIndex(of: UInt8(ascii: "/")) else { return root }
        return String(key[..<next])
    }

    /// Whether this manifest already says all that `next` says, its start time aside: the same
    /// sections, and the same parts (the very same files) with the same summaries.
    func says(the next: Manifest) -> Bool {
        generator == next.generator && sections == next.sections
            && sources.count == next.sources.count && outputs.count == next.outputs.count
            && next.sources.allSatisfy { key, part in
                sources[key].map { $0.file.isSame(as: part.file) && $0.summary == part.summary && $0.folders == part.folders } ?? false
            }
            && next.outputs.allSatisfy { owner, part in outputs[owner].map { $0.file.isSame(as: part.file) && $0.tops == part.tops } ?? false }
    }

    /// The output record of `path` if `owner` made it in the last build.
    func output(_ path: String, of owner: String) -> OutputRecord? {
        outputs[owner]?.file.records[path]
    }

    /// The manifest's folder for an output folder.
    public static func location(for output: URL) -> URL {
        output.sidecar(".sitegen-manifest")
    }

    private struct Index: Codable {
        struct SourceInfo: Codable { var file: String; var count: Int; var summary: SourceSummary; var folders: [String: Digest] }
        struct OutputInfo: Codable { var file: String; var count: Int; var tops: [String] }

        var generator: String
        /// When the build that wrote this manifest started (ns since 1970): a source modified
        /// after that may have changed without its stat showing it.
        var startedAt: Int64
        var sections: [String: SectionRecord]
        var sources: [String: SourceInfo]
        var outputs: [String: OutputInfo]
    }

    /// What reading a manifest found: none (a first build), one the build cannot use and why
    /// (said as the reason the build is a full one), or the manifest.
    public enum Reading {
        case none
        case unusable(String)
        case read(Manifest)
    }

    /// Reads a manifest's index (a build without one is a full one). Parts are read when first
    /// asked for.
    public static func load(_ folder: URL) -> Reading {
        let data: Data
        do {
            data = try Data(contentsOf: folder.appendingPathComponent("index"))
        } catch {
            let missing = (error as? CocoaError)?.code == .fileReadNoSuchFile
            return missing ? .none : .unusable("its index cannot be read (\(error.localizedDescription))")
        }
        guard let newline = data.firstIndex(of: 0x0A) else { return .unusable("its index is damaged") }
        guard String(decoding: data[..<newline], as: UTF8.self) == header else {
            return .unusable("it is not a manifest of this version of sitegen")
        }
        guard let index = try? JSONDecoder().decode(Index.self, from: data[(newline + 1)...]) else {
            return .unusable("its index is damaged")
        }
        let files = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        let missing = (index.sources.values.map(\.file) + index.outputs.values.map(\.file)).filter { !files.contains($0) }
        guard missing.isEmpty else { return .unusable("\(missing.count.counted("part file")) of it \(missing.count == 1 ? "is" : "are") missing") }
        var manifest = Manifest(generator: index.generator, startedAt: index.startedAt, sections: index.sections)
        for (key, info) in index.sources {
            manifest.sources[key] = SourcePart(summary: info.summary, folders: info.folders,
                                               file: PartFile(folder: folder, name: info.file, count: info.count, damage: manifest.damage))
        }
        for (owner, info) in index.outputs {
            manifest.outputs[owner] = OutputPart(tops: info.tops,
                                                 file: PartFile(folder: folder, name: info.file, count: info.count, damage: manifest.damage))
        }
        return .read(manifest)
    }

    /// Writes the parts not stored in `folder` yet, then the index, then removes the files the
    /// index no longer names. A file where the folder belongs (an older sitegen's manifest) is
    /// replaced.
    public func write(to folder: URL) throws(SitegenError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            do {
                try FileManager.default.removeItem(at: folder)
            } catch {
                throw SitegenError("cannot replace \(folder.path), an older sitegen's manifest, with the manifest folder: \(error.localizedDescription)")
            }
        }
        // New parts are named by the build that made them, so they never overwrite a part the
        // index on disk still names.
        let stamp = String(UInt64(bitPattern: startedAt), radix: 16)
        @Sendable func name(_ kind: String, _ key: String) -> String { "\(kind)-\(Digest.of(key).description.prefix(12))-\(stamp)" }
        var index = Index(generator: generator, startedAt: startedAt, sections: sections, sources: [:], outputs: [:])
        // Parts are written on every core: the archive's sources and its outputs are each as
        // large as the rest of the manifest together.
        let sourceKeys = sources.keys.sorted()
        let outputKeys = outputs.keys.sorted()
        let files = try Parallel.map(sourceKeys.count + outputKeys.count, jobs: Parallel.cores) { number throws(SitegenError) -> String in
            if number < sourceKeys.count {
                return try sources[sourceKeys[number]]!.file.store(in: folder, as: name("s", sourceKeys[number]))
            }
            let owner = outputKeys[number - sourceKeys.count]
            return try outputs[owner]!.file.store(in: folder, as: name("o", owner))
        }
        for (key, file) in zip(sourceKeys, files) {
            let part = sources[key]!
            index.sources[key] = .init(file: file, count: part.file.count, summary: part.summary, folders: part.folders)
        }
        for (owner, file) in zip(outputKeys, files[sourceKeys.count...]) {
            let part = outputs[owner]!
            index.outputs[owner] = .init(file: file, count: part.file.count, tops: part.tops)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let json = try? encoder.encode(index) else { throw SitegenError("cannot encode the build manifest") }
        try AtomicFile.write(Data((Self.header + "\n").utf8) + json + Data("\n".utf8), to: folder.appendingPathComponent("index"))
        // Parts no index names are only disk space: one that cannot be removed now is tried
        // again after the next build.
        let named = Set(index.sources.values.map(\.file) + index.outputs.values.map(\.file) + ["index"])
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !named.contains(file) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
    }

    static func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }

    /// A decimal whole number, possibly negative; nil for anything else.
    static func integer(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        var digits = bytes[...]
        let negative = digits.first == 0x2D
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(byte - 0x30))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
        }
        return negative ? -value : value
    }
}
