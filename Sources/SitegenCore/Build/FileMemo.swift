import Foundation

/// Values that loaders made from single content files (a news post with its front matter
/// parsed), kept by a long-running process (`sitegen watch`) between builds. A value is made
/// again only when its file's digest or the load settings changed: one edited post no longer
/// means reading and parsing all 5,000.
final class FileMemo: @unchecked Sendable {
    struct Entry {
        /// The file's digest and the load settings the value was made with.
        let stamp: Digest
        let value: any Sendable
        /// Warnings making it gave, reported again each time it is reused.
        let warnings: [Warning]
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    func entry(_ file: String, stamp: Digest) -> Entry? {
        lock.withLock { entries[file].flatMap { $0.stamp == stamp ? $0 : nil } }
    }

    func store(_ entry: Entry, for file: String) {
        lock.withLock { entries[file] = entry }
    }

    /// Forgets the values of files that are gone.
    func prune(keeping exists: (String) -> Bool) {
        lock.withLock { entries = entries.filter { exists($0.key) } }
    }

    /// The memo as one build's loaders see it: with that build's digests and settings.
    struct Session: Sendable {
        let memo: FileMemo
        let sources: SourceDigests
        /// A digest of everything besides the file that loaders read: site.yml, the build date,
        /// drafts and command-line values.
        let settings: Digest
    }
}
