import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the previous build made and from what: the incremental build's memory. It lives beside
/// the output folder (`.Output.sitegen-manifest`), not in it, so it is never published.
///
/// Format: a header line, one line of JSON for the small records (sections, templates), then one
/// tab-separated line per content file ("C") and per output file ("O"). Plain lines keep reading
/// and writing hundreds of thousands of records fast.
public struct Manifest: Sendable {
    static let header = "sitegen-manifest 1"

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

    public init(generator: String, startedAt: Int64) {
        self.generator = generator
        self.startedAt = startedAt
    }

    /// The manifest's file for an output folder.
    public static func location(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).sitegen-manifest")
    }

    /// Reads a manifest; nil when there is none or it cannot be read (the build is then clean).
    public static func read(_ url: URL) -> Manifest? {
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == Substring(header), let metaLine = lines.popFirst(),
              let meta = try? JSONDecoder().decode(Meta.self, from: Data(metaLine.utf8)) else { return nil }
        var manifest = Manifest(generator: meta.generator, startedAt: meta.startedAt)
        manifest.sections = meta.sections
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.first == "C", fields.count == 5, let size = Int64(fields[2]), let modified = Int64(fields[3]),
               let digest = Digest(hex: fields[4]) {
                manifest.sources[unescape(fields[1])] = SourceRecord(size: size, modified: modified, digest: digest)
            } else if fields.first == "O", fields.count == 7, let inputs = Digest(hex: fields[2]), let bytes = Digest(hex: fields[3]),
                      let size = Int64(fields[4]) {
                manifest.outputs[unescape(fields[1])] = OutputRecord(inputs: inputs, bytes: bytes, size: size,
                                                                     owner: String(fields[5]), inSitemap: fields[6] == "1")
            } else {
                return nil
            }
        }
        return manifest
    }

    /// Writes the manifest atomically (a temporary file renamed into place).
    public func write(to url: URL) throws(SitegenError) {
        var text = Self.header + "\n"
        let meta = Meta(generator: generator, startedAt: startedAt, sections: sections)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let json = try? encoder.encode(meta) else { throw SitegenError("cannot encode the build manifest") }
        text += String(decoding: json, as: UTF8.self) + "\n"
        for path in sources.keys.sorted() {
            let record = sources[path]!
            text += "C\t\(Self.escape(path))\t\(record.size)\t\(record.modified)\t\(record.digest)\n"
        }
        for path in outputs.keys.sorted() {
            let record = outputs[path]!
            text += "O\t\(Self.escape(path))\t\(record.inputs)\t\(record.bytes)\t\(record.size)\t\(record.owner)\t\(record.inSitemap ? 1 : 0)\n"
        }
        try AtomicFile.write(Data(text.utf8), to: url)
    }

    static func escape(_ path: String) -> String {
        path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func unescape(_ field: Substring) -> String {
        String(field).replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%25", with: "%")
    }
}

extension Digest {
    init?(hex: Substring) {
        guard hex.count == 32, let high = UInt64(hex.prefix(16), radix: 16), let low = UInt64(hex.suffix(16), radix: 16) else { return nil }
        self.init(high: high, low: low)
    }
}

/// Writes files so that readers see either the old bytes or the new ones, never a mix: the
/// bytes go to a temporary name in the same folder, which is then renamed over the target.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws(SitegenError) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: temporary)
            if rename(temporary.path, url.path) != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw SitegenError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
