import Foundation

/// What the previous build made and from what: the incremental build's memory. It lives beside
/// the output folder (`.Output.sitegen-manifest`), not in it, so it is never published.
///
/// Format: a header line, one line of JSON for the small records (sections, templates), then one
/// tab-separated line per content file ("C") and per output file ("O"). Plain lines keep reading
/// and writing hundreds of thousands of records fast.
///
/// An incremental build appends only what it changed (`Changes`): an "M" line with the new
/// small records, then "C" and "O" lines that replace records and "c" and "o" lines that remove
/// them. Rewriting the whole file was most of a one-post rebuild at archive scale. A build whose
/// lines would leave the file over twice as long as its records (give or take a thousand lines)
/// writes it whole instead (`shouldRewrite`).
public struct Manifest: Sendable {
    static let header = "sitegen-manifest 2"

    /// A content or template file as last seen: its stat and its digest.
    public struct SourceRecord: Sendable, Hashable {
        public var size: Int64
        public var modified: Int64
        public var digest: Digest
    }

    /// One file of the output.
    public struct OutputRecord: Sendable, Hashable {
        /// The fingerprint of everything the file was made from.
        public var inputs: Digest
        /// The digest of the bytes written, and their count.
        public var bytes: Digest
        public var size: Int64
        /// The section that made it ("news"), or "site", "static", "assets".
        public var owner: String
        public var inSitemap: Bool
    }

    /// A section as the last build left it: enough to skip loading it when nothing it reads changed.
    public struct SectionRecord: Sendable, Codable, Hashable {
        public var fingerprint: Digest
        public var navigation: NavRecord?
        /// The section's home block, rendered.
        public var homeHTML: String?
        /// Every template its pages and home block were rendered with.
        public var templates: [String]
        /// Its sitemap files ("sitemap-news.xml"), which sitemap.xml lists.
        public var sitemaps: [String]
        public var warnings: [Warning]
    }

    public struct NavRecord: Sendable, Codable, Hashable {
        public var key: String
        public var title: String
        public var path: String
        public var order: Int
    }

    struct Meta: Codable {
        var generator: String
        /// When the build that wrote this manifest started (ns since 1970): a source modified
        /// after that may have changed without its stat showing it.
        var startedAt: Int64
        var sections: [String: SectionRecord]
    }

    public var generator: String
    public var startedAt: Int64
    public var sections: [String: SectionRecord] = [:]
    public var sources: [String: SourceRecord] = [:]
    public var outputs: [String: OutputRecord] = [:]
    /// How many record lines the file held when read: past twice the records, it is rewritten.
    var lineCount = 0

    public init(generator: String, startedAt: Int64) {
        self.generator = generator
        self.startedAt = startedAt
    }

    /// What one build changed: new small records, and the source and output records it added,
    /// replaced (a new value) or removed (nil).
    public struct Changes: Sendable {
        public var generator: String
        public var startedAt: Int64
        public var sections: [String: SectionRecord]
        public var sources: [String: SourceRecord?] = [:]
        public var outputs: [String: OutputRecord?] = [:]
    }

    /// How a build leaves the manifest file.
    public enum Update: Sendable {
        /// The file already says what this build made.
        case keep
        case rewrite(Manifest)
        case append(Changes)

        func perform(at url: URL) throws(SitegenError) {
            switch self {
            case .keep: break
            case .rewrite(let manifest): try manifest.write(to: url)
            case .append(let changes): try Manifest.append(changes, to: url)
            }
        }
    }

    /// Whether these changes would leave the manifest's records as they are (start time aside).
    func isUnchanged(by changes: Changes) -> Bool {
        changes.sources.isEmpty && changes.outputs.isEmpty && changes.generator == generator && changes.sections == sections
    }

    /// Whether appending `changes` would leave the file over twice as many lines as writing it
    /// whole (give or take a thousand, so a small site is not rewritten for every edit).
    func shouldRewrite(adding changes: Changes) -> Bool {
        lineCount + changes.sources.count + changes.outputs.count > 2 * (sources.count + outputs.count) + 1_000
    }

    public mutating func apply(_ changes: Changes) {
        generator = changes.generator
        startedAt = changes.startedAt
        sections = changes.sections
        for (path, record) in changes.sources { sources[path] = record }
        for (path, record) in changes.outputs { outputs[path] = record }
        lineCount += 1 + changes.sources.count + changes.outputs.count
    }

    /// The manifest's file for an output folder.
    public static func location(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).sitegen-manifest")
    }

    /// Reads a manifest; nil when there is none or it cannot be read (the build is then clean).
    /// Parsed on the raw bytes: a large site's manifest has hundreds of thousands of lines.
    /// Source and output lines are read on two threads when `jobs` allows: a line replaces or
    /// removes only records of its own kind, so each thread keeps the order that matters to it.
    public static func read(_ url: URL, jobs: Int = 1) -> Manifest? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return data.withUnsafeBytes { raw -> Manifest? in
            let lines = raw.bindMemory(to: UInt8.self).split(separator: 0x0A)
            guard lines.count >= 2, text(lines[0]) == header,
                  let meta = try? JSONDecoder().decode(Meta.self, from: Data(lines[1])) else { return nil }
            let body = Lines(lines: lines[2...])
            guard let parts = try? Parallel.map(2, jobs: jobs, { part throws(SitegenError) -> Records in
                guard let records = part == 0 ? readSources(body, meta: meta) : readOutputs(body) else {
                    throw SitegenError("unreadable manifest")
                }
                return records
            }), case .sources(let sources, let meta) = parts[0], case .outputs(let outputs) = parts[1] else { return nil }
            var manifest = Manifest(generator: meta.generator, startedAt: meta.startedAt)
            manifest.sections = meta.sections
            manifest.sources = sources
            manifest.outputs = outputs
            manifest.lineCount = lines.count - 2
            return manifest
        }
    }

    /// The record lines of a manifest being read, shared by its two readers, which only read them.
    private struct Lines: @unchecked Sendable {
        let lines: ArraySlice<Slice<UnsafeBufferPointer<UInt8>>>

        /// Calls `body` with each line whose kind is among `kinds`, split at its tabs (without an
        /// array of its own for each of 650,000 lines); false when a line has no known kind.
        func forEach(of kinds: [UInt8], _ body: (UInt8, [Slice<UnsafeBufferPointer<UInt8>>]) -> Bool) -> Bool {
            var fields: [Slice<UnsafeBufferPointer<UInt8>>] = []
            fields.reserveCapacity(8)
            for line in lines {
                guard line.count >= 2, line[line.startIndex + 1] == 0x09 else { return false }
                let kind = line[line.startIndex]
                guard kinds.contains(kind) else {
                    if "CcOoM".utf8.contains(kind) { continue }
                    return false
                }
                fields.removeAll(keepingCapacity: true)
                var start = line.startIndex
                for index in line.indices where line[index] == 0x09 {
                    fields.append(line[start..<index])
                    start = index + 1
                }
                fields.append(line[start...])
                guard body(kind, fields) else { return false }
            }
            return true
        }
    }

    private enum Records {
        case sources([String: SourceRecord], Meta)
        case outputs([String: OutputRecord])
    }

    /// The source records and the small records ("M" lines) the lines leave.
    private static func readSources(_ lines: Lines, meta: Meta) -> Records? {
        var sources: [String: SourceRecord] = [:]
        var meta = meta
        let read = lines.forEach(of: Array("CcM".utf8)) { kind, fields in
            if kind == UInt8(ascii: "C"), fields.count == 5, let size = integer(fields[2]), let modified = integer(fields[3]),
               let digest = Digest(hexDigits: fields[4]) {
                sources[unescape(text(fields[1]))] = SourceRecord(size: size, modified: modified, digest: digest)
            } else if kind == UInt8(ascii: "c"), fields.count == 2 {
                sources[unescape(text(fields[1]))] = nil
            } else if kind == UInt8(ascii: "M"), fields.count == 2, let next = try? JSONDecoder().decode(Meta.self, from: Data(fields[1])) {
                meta = next
            } else {
                return false
            }
            return true
        }
        return read ? .sources(sources, meta) : nil
    }

    private static func readOutputs(_ lines: Lines) -> Records? {
        var outputs: [String: OutputRecord] = [:]
        outputs.reserveCapacity(lines.lines.count)
        let read = lines.forEach(of: Array("Oo".utf8)) { kind, fields in
            if kind == UInt8(ascii: "O"), fields.count == 7, let inputs = Digest(hexDigits: fields[2]),
               let bytes = Digest(hexDigits: fields[3]), let size = integer(fields[4]) {
                outputs[unescape(text(fields[1]))] = OutputRecord(inputs: inputs, bytes: bytes, size: size,
                                                                  owner: text(fields[5]), inSitemap: text(fields[6]) == "1")
            } else if kind == UInt8(ascii: "o"), fields.count == 2 {
                outputs[unescape(text(fields[1]))] = nil
            } else {
                return false
            }
            return true
        }
        return read ? .outputs(outputs) : nil
    }

    private static func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }

    /// A decimal whole number, possibly negative; nil for anything else.
    private static func integer(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
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

    /// Writes the manifest atomically (a temporary file renamed into place), a megabyte at a time:
    /// at archive scale its text is over 100 MB, and built whole it was the build's peak memory.
    public func write(to url: URL) throws(SitegenError) {
        let json = try Self.metaLine(generator: generator, startedAt: startedAt, sections: sections)
        try AtomicFile.write(to: url) { (file: inout AtomicFile.Stream) throws(SitegenError) in
            try file.append(Self.header + "\n")
            try file.append(json + "\n")
            for path in sources.keys.sorted() { try file.append(Self.line(path, sources[path]!)) }
            for path in outputs.keys.sorted() { try file.append(Self.line(path, outputs[path]!)) }
        }
    }

    /// Appends one build's changes to the manifest file at `url`, which must hold this manifest.
    public static func append(_ changes: Changes, to url: URL) throws(SitegenError) {
        let json = try metaLine(generator: changes.generator, startedAt: changes.startedAt, sections: changes.sections)
        try AtomicFile.append(to: url) { (file: inout AtomicFile.Stream) throws(SitegenError) in
            try file.append("M\t" + json + "\n")
            for path in changes.sources.keys.sorted() {
                try file.append(changes.sources[path]!.map { line(path, $0) } ?? "c\t\(escape(path))\n")
            }
            for path in changes.outputs.keys.sorted() {
                try file.append(changes.outputs[path]!.map { line(path, $0) } ?? "o\t\(escape(path))\n")
            }
        }
    }

    private static func metaLine(generator: String, startedAt: Int64, sections: [String: SectionRecord]) throws(SitegenError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let json = try? encoder.encode(Meta(generator: generator, startedAt: startedAt, sections: sections)) else {
            throw SitegenError("cannot encode the build manifest")
        }
        return String(decoding: json, as: UTF8.self)
    }

    private static func line(_ path: String, _ record: SourceRecord) -> String {
        "C\t\(escape(path))\t\(record.size)\t\(record.modified)\t\(record.digest)\n"
    }

    private static func line(_ path: String, _ record: OutputRecord) -> String {
        "O\t\(escape(path))\t\(record.inputs)\t\(record.bytes)\t\(record.size)\t\(record.owner)\t\(record.inSitemap ? 1 : 0)\n"
    }

    // Paths rarely hold these characters; the checks first keep a large manifest fast to read and write.
    static func escape(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 == 0x25 || $0 == 0x09 || $0 == 0x0A }) else { return path }
        return path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func unescape(_ field: String) -> String {
        guard field.utf8.contains(0x25) else { return field }
        return field.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%25", with: "%")
    }
}
