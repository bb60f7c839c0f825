import Foundation

/// A kind of record a manifest part holds: one line per file, its path and then its fields,
/// separated by tabs.
protocol ManifestRecord: Sendable, Equatable {
    static var fieldCount: Int { get }
    /// The fields after the path, each followed by a tab but the last.
    var fields: String { get }
    /// Reads the fields after the path (`fields[1...]`); nil when they are not what `fields` writes.
    init?(line fields: [Slice<UnsafeBufferPointer<UInt8>>])
}

/// The records of one part of a manifest (the source files of one top folder of Content/, or the
/// output files of one section), read from the part's file only when a build first asks for
/// them: a build that edits one post reads the news section's parts, not the archive's 200,000
/// source and 350,000 output records.
final class PartFile<Record: ManifestRecord>: @unchecked Sendable {
    let count: Int
    private let lock = NSLock()
    private var loaded: [String: Record]?
    /// The part's file, once it has one: (manifest folder, name).
    private var stored: (folder: URL, name: String)?
    private let damage: ManifestDamage?

    /// A part made by this build, written with the manifest.
    init(records: [String: Record]) {
        count = records.count
        loaded = records
        damage = nil
    }

    /// A part of a manifest that was read: its records are read from `name` when first asked.
    init(folder: URL, name: String, count: Int, damage: ManifestDamage) {
        self.count = count
        stored = (folder, name)
        self.damage = damage
    }

    /// The records by path. A file that no longer reads as the index said (changed behind the
    /// build's back) gives none and marks the manifest damaged: the build then fails before it
    /// publishes anything and is run again as a full one.
    var records: [String: Record] {
        lock.withLock {
            if let loaded { return loaded }
            guard let (folder, name) = stored else { return [:] }
            let url = folder.appendingPathComponent(name)
            let records = (try? Data(contentsOf: url)).flatMap { Self.parse($0, count: count) }
            if records == nil { damage?.note("\(url.path) cannot be read as the manifest's index says") }
            loaded = records ?? [:]
            return loaded!
        }
    }

    /// Whether both are the same records: the same object, or stored in the same file.
    func isSame(as other: PartFile) -> Bool {
        if self === other { return true }
        let (mine, theirs) = (lock.withLock { stored }, other.lock.withLock { other.stored })
        guard let mine, let theirs else { return false }
        return mine.name == theirs.name && mine.folder.standardizedFileURL == theirs.folder.standardizedFileURL
    }

    /// The file's name in `folder` when the part is stored there.
    func name(in folder: URL) -> String? {
        lock.withLock { stored.flatMap { $0.folder.standardizedFileURL == folder.standardizedFileURL ? $0.name : nil } }
    }

    /// Writes the records to `name` in `folder` (unless they are stored there already) and
    /// returns the name the part has there.
    func store(in folder: URL, as name: String) throws(SitegenError) -> String {
        if let existing = self.name(in: folder) { return existing }
        let records = self.records
        try AtomicFile.write(to: folder.appendingPathComponent(name)) { (file: inout AtomicFile.Stream) throws(SitegenError) in
            for path in records.keys.sorted() {
                try file.append(LineField.escape(path) + "\t" + records[path]!.fields + "\n")
            }
        }
        lock.withLock { stored = (folder, name) }
        return name
    }

    /// Reads a part's lines on the raw bytes; nil unless there are exactly `count` well-formed ones.
    private static func parse(_ data: Data, count: Int) -> [String: Record]? {
        data.withUnsafeBytes { raw -> [String: Record]? in
            let lines = raw.bindMemory(to: UInt8.self).split(separator: 0x0A)
            guard lines.count == count, data.last == 0x0A || count == 0 else { return nil }
            var records: [String: Record] = [:]
            records.reserveCapacity(count)
            // Fields found without an array of their own for each of hundreds of thousands of lines.
            var fields: [Slice<UnsafeBufferPointer<UInt8>>] = []
            fields.reserveCapacity(Record.fieldCount + 1)
            for line in lines {
                fields.removeAll(keepingCapacity: true)
                var start = line.startIndex
                for index in line.indices where line[index] == 0x09 {
                    fields.append(line[start..<index])
                    start = index + 1
                }
                fields.append(line[start...])
                guard fields.count == Record.fieldCount + 1, let record = Record(line: fields) else { return nil }
                records[LineField.unescape(Manifest.text(fields[0]))] = record
            }
            return records.count == count ? records : nil
        }
    }
}

/// Set when a part of a manifest turned out unreadable after its index was read.
final class ManifestDamage: @unchecked Sendable {
    private let lock = NSLock()
    private var reasons: [String] = []

    func note(_ reason: String) { lock.withLock { reasons.append(reason) } }

    /// The first reason in order, not in time: parts are read on several threads, and the same
    /// damage should be told the same way on every run.
    var reason: String? { lock.withLock { reasons.min() } }
}

extension Manifest.SourceRecord: ManifestRecord {
    static var fieldCount: Int { 3 }

    var fields: String { "\(size)\t\(modified)\t\(digest)" }

    init?(line fields: [Slice<UnsafeBufferPointer<UInt8>>]) {
        guard let size = Manifest.integer(fields[1]), let modified = Manifest.integer(fields[2]),
              let digest = Digest(hexDigits: fields[3]) else { return nil }
        self.init(size: size, modified: modified, digest: digest)
    }
}

extension Manifest.OutputRecord: ManifestRecord {
    static var fieldCount: Int { 3 }

    var fields: String { "\(inputs)\t\(bytes)\t\(size)" }

    init?(line fields: [Slice<UnsafeBufferPointer<UInt8>>]) {
        guard let inputs = Digest(hexDigits: fields[1]), let bytes = Digest(hexDigits: fields[2]),
              let size = Manifest.integer(fields[3]) else { return nil }
        self.init(inputs: inputs, bytes: bytes, size: size)
    }
}
