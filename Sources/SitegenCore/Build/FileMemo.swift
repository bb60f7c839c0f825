import Foundation

/// Values that loaders made from single content files (a news post with its front matter
/// parsed), kept between builds. A value is made again only when its file's digest or the load
/// settings changed: one edited post no longer means reading and parsing all 5,000.
///
/// `sitegen watch` keeps the memo in memory. A single build reads it from a file beside the
/// manifest (`location(for:)`) and writes it back when it changed: the values that can be
/// written as text (`MemoText`) and gave no warnings, under the identity of the sitegen that
/// made them, so a new sitegen, which may read a file differently, starts afresh.
final class FileMemo: @unchecked Sendable {
    struct Entry {
        /// The file's digest and the load settings the value was made with.
        let stamp: Digest
        /// The value, or its `Stored` text when it came from the memo file.
        let value: any Sendable
        /// Warnings making it gave, reported again each time it is reused.
        let warnings: [Warning]
    }

    /// A value as the memo file holds it, made into its type when first asked for. The text is
    /// kept as the file has it (`LineField`-escaped): reading the memo happens under the lock,
    /// while the loaders that wait for it unescape only what they use, each on its own thread,
    /// and an entry written back unchanged needs no escaping again.
    struct Stored: Sendable {
        let escaped: String
        var text: String { LineField.unescape(escaped) }
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    /// The memo file and the identity it must carry, until the entries are read from it: only
    /// when a loader first asks (a build that loads no section reads no memo).
    private var unread: (url: URL, identity: String)?
    /// Whether an entry was stored or pruned since the memo was made or read.
    private var changed = false

    /// An empty memo.
    init() {}

    /// The memo in a memo file, read when first used.
    init(reading url: URL, identity: String) { unread = (url, identity) }

    func entry(_ file: String, stamp: Digest) -> Entry? {
        lock.withLock {
            readIfNeeded()
            return entries[file].flatMap { $0.stamp == stamp ? $0 : nil }
        }
    }

    func store(_ entry: Entry, for file: String) {
        lock.withLock {
            readIfNeeded()
            entries[file] = entry
            changed = true
        }
    }

    /// Forgets the values of files that are gone (of a memo in use: one never read is left be).
    func prune(keeping exists: (String) -> Bool) {
        lock.withLock {
            guard unread == nil else { return }
            let count = entries.count
            entries = entries.filter { exists($0.key) }
            if entries.count != count { changed = true }
        }
    }

    /// The memo as one build's loaders see it: with that build's digests and settings.
    struct Session: Sendable {
        let memo: FileMemo
        let sources: SourceDigests
        /// A digest of everything besides the file that loaders read: site.yml, the build date,
        /// drafts and command-line values.
        let settings: Digest
    }

    // MARK: The memo file

    static let header = "sitegen file memo 1"

    /// The memo file for an output folder, beside its manifest.
    static func location(for output: URL) -> URL {
        output.sidecar(".sitegen-memo")
    }

    /// Reads the memo file's entries, under the lock: none when there is no file, it is
    /// damaged, or another sitegen (`identity`) wrote it. A memo is only ever a shortcut:
    /// reading it never fails a build.
    private func readIfNeeded() {
        guard let (url, identity) = unread else { return }
        unread = nil
        guard let data = try? Data(contentsOf: url) else { return }
        // Lines and fields found with memchr on the bytes: this runs under the lock while every
        // loader waits, so it does no more than find the fields and keep the text as written.
        let read: [String: Entry]? = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            let end = base + raw.count
            func next(_ byte: UInt8, from start: UnsafeRawPointer, to limit: UnsafeRawPointer) -> UnsafeRawPointer? {
                memchr(start, Int32(byte), limit - start).map { UnsafeRawPointer($0) }
            }
            func text(_ start: UnsafeRawPointer, _ stop: UnsafeRawPointer) -> String {
                String(decoding: UnsafeRawBufferPointer(start: start, count: stop - start), as: UTF8.self)
            }
            let header = Self.header + "\t" + LineField.escape(identity)
            guard let firstEnd = next(0x0A, from: base, to: end), text(base, firstEnd) == header else { return nil }
            var read: [String: Entry] = [:]
            var line = firstEnd + 1
            while line < end {
                let stop = next(0x0A, from: line, to: end) ?? end
                defer { line = stop + 1 }
                if stop == line { continue }
                guard let firstTab = next(0x09, from: line, to: stop), let secondTab = next(0x09, from: firstTab + 1, to: stop),
                      let stamp = Digest(hexDigits: UnsafeRawBufferPointer(start: firstTab + 1, count: secondTab - firstTab - 1))
                else { return nil }
                read[LineField.unescape(text(line, firstTab))] =
                    Entry(stamp: stamp, value: Stored(escaped: text(secondTab + 1, stop)), warnings: [])
            }
            return read
        }
        guard let read else { return }
        entries = read
    }

    /// Writes the memo when it changed since it was read; a failure only costs the next build
    /// its shortcut, and leaves the old file as it was (the write is atomic).
    func write(to url: URL, identity: String) {
        let lines: [String]? = lock.withLock {
            guard changed else { return nil }
            changed = false
            return entries.keys.sorted().compactMap { file in
                let entry = entries[file]!
                guard entry.warnings.isEmpty else { return nil }
                let escaped: String
                if let stored = entry.value as? Stored {
                    escaped = stored.escaped
                } else if let value = entry.value as? any MemoText {
                    escaped = LineField.escape(value.memoText)
                } else {
                    return nil
                }
                return LineField.escape(file) + "\t" + entry.stamp.description + "\t" + escaped
            }
        }
        guard let lines else { return }
        let text = ([Self.header + "\t" + LineField.escape(identity)] + lines).joined(separator: "\n") + "\n"
        try? AtomicFile.write(Data(text.utf8), to: url)
    }
}

/// A value a loader makes from one file that the memo file can keep between builds: written as
/// one string (any characters), read back to the same value, or nil when the text is not one.
public protocol MemoText: Sendable {
    var memoText: String { get }
    init?(memoText: String)
}

/// `nil` (a draft, a post dated after the build) is kept too.
extension Optional: MemoText where Wrapped: MemoText {
    public var memoText: String { map { "+" + $0.memoText } ?? "-" }

    public init?(memoText: String) {
        if memoText == "-" {
            self = .none
        } else if memoText.hasPrefix("+"), let value = Wrapped(memoText: String(memoText.dropFirst())) {
            self = .some(value)
        } else {
            return nil
        }
    }
}

/// Several strings as one `memoText` and back: each escaped (`%`, tab and newline), then joined
/// with tabs.
public enum MemoFields {
    public static func join(_ fields: [String]) -> String {
        fields.map(LineField.escape).joined(separator: "\t")
    }

    /// The fields `join` made `text` of.
    public static func split(_ text: String) -> [String] {
        text.utf8.split(separator: 0x09, omittingEmptySubsequences: false).map { LineField.unescape(String(decoding: $0, as: UTF8.self)) }
    }
}
