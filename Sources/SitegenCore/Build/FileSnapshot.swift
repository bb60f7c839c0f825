import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files under a folder with their size and modification time, read with plain POSIX calls
/// (hundreds of thousands of cache files are stat'ed on every build, so this stays lean).
public struct FileSnapshot: Sendable {
    public struct Entry: Sendable, Hashable, Codable {
        public var size: Int64
        /// Modification time in nanoseconds since 1970.
        public var modified: Int64
    }

    /// Relative path ("news/a.md") → entry. Hidden files and folders are left out.
    public let entries: [String: Entry]

    public init(entries: [String: Entry]) { self.entries = entries }

    public static func scan(_ folder: URL) -> FileSnapshot {
        var entries: [String: Entry] = [:]
        walk(folder.path, prefix: "", into: &entries)
        return FileSnapshot(entries: entries)
    }

    /// The entry of one regular file, or nil when the path is not one (missing, or a folder).
    public static func entry(at path: String) -> Entry? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return record(info)
    }

    private static func record(_ info: stat) -> Entry {
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return Entry(size: Int64(info.st_size), modified: modified)
    }

    private static func walk(_ path: String, prefix: String, into entries: inout [String: Entry]) {
        forEachVisible(in: path) { name, info in
            let relative = prefix + name
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(path + "/" + name, prefix: relative + "/", into: &entries)
            } else if (info.st_mode & S_IFMT) == S_IFREG {
                entries[relative] = record(info)
            }
        }
    }

    /// Calls `body` with the name and stat of every entry of a folder but hidden ones; the stat
    /// follows symbolic links, so a linked folder is walked like a folder.
    static func forEachVisible<E: Error>(in path: String, _ body: (String, stat) throws(E) -> Void) throws(E) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard !name.hasPrefix(".") else { continue }
            var info = stat()
            if stat(path + "/" + name, &info) == 0 { try body(name, info) }
        }
    }
}
