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
        FileSnapshot(entries: Dictionary(files(under: folder.path, jobs: 1), uniquingKeysWith: { first, _ in first }))
    }

    /// The regular files under a folder at any depth, as relative paths ("news/a.md") with their
    /// entries, in the byte order of the paths' UTF-8. Hidden files and folders are left out, and
    /// so is anything `rules` refuses (reported to them).
    ///
    /// Each folder's entries are ordered by name, a folder's name with a "/" after it: that is
    /// the order their paths sort in, so the list comes out sorted without sorting every path of
    /// the site again on each rebuild. Folders are walked on up to `jobs` threads.
    public static func files(under folder: String, jobs: Int, rules: WalkRules? = nil) -> [(path: String, entry: Entry)] {
        let rules = rules ?? WalkRules(allowed: [folder], sizeLimit: .max)
        var nodes = list(folder, relative: "", followed: [], rules: rules)
        // Open folders a level at a time until there are enough to share among the threads. A
        // folder's files sort just where it stood, so each is replaced by its listing in place.
        var depth = 0
        while jobs > 1, depth < 3, nodes.count < 64 * jobs, nodes.contains(where: \.isFolder) {
            nodes = nodes.flatMap { node in node.isFolder ? list(folder, relative: node.path, followed: node.followed, rules: rules) : [node] }
            depth += 1
        }
        let folders = nodes.filter(\.isFolder)
        var walked = Parallel.map(folders.count, jobs: jobs) { index in
            var files: [(path: String, entry: Entry)] = []
            walk(folder, folders[index], rules: rules, into: &files)
            return files
        }
        let total = nodes.count - folders.count + walked.reduce(0) { $0 + $1.count }
        return [(path: String, entry: Entry)](unsafeUninitializedCapacity: total) { files, count in
            guard let base = files.baseAddress else { return }   // nothing at all to list
            var part = 0
            for node in nodes {
                if let entry = node.entry {
                    (base + count).initialize(to: (node.path, entry))
                    count += 1
                } else {
                    count += moveAll(from: &walked[part], to: base + count)
                    part += 1
                }
            }
        }
    }

    /// Moves a folder's files into the whole list rather than copying them: a copy retains each
    /// path and the folder's list then releases it again, 236,000 times at archive scale. The
    /// moved-from slots are filled with empty paths, which cost nothing to release.
    private static func moveAll(from part: inout [(path: String, entry: Entry)], to destination: UnsafeMutablePointer<(path: String, entry: Entry)>) -> Int {
        part.withUnsafeMutableBufferPointer { source in
            guard let base = source.baseAddress else { return 0 }
            destination.moveInitialize(from: base, count: source.count)
            base.initialize(repeating: ("", Entry(size: 0, modified: 0)), count: source.count)
            return source.count
        }
    }

    /// The entry of one regular file, checked as a walk checks it: nil when the path is missing
    /// or a folder, or when `rules` refuse it (reported to them, with an empty path).
    static func entry(at path: String, rules: WalkRules) -> Entry? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            let folder = (path as NSString).deletingLastPathComponent
            guard rules.resolve(link: path, in: folder, path: "", followed: [], info: &info) != nil else { return nil }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return nil
        case S_IFREG:
            guard Int64(info.st_size) <= Int64(rules.sizeLimit) else {
                rules.refuse("", FileBytes.overLimit(Int(info.st_size), rules.sizeLimit))
                return nil
            }
            return record(info)
        default:
            rules.refuse("", "not a regular file but \(FileBytes.kind(info.st_mode)); only regular files and folders are read")
            return nil
        }
    }

    /// The entry of one regular file, or nil when the path is not one (missing, or a folder).
    public static func entry(at path: String) -> Entry? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return record(info)
    }

    private static func record(_ info: stat) -> Entry {
        Entry(size: Int64(info.st_size), modified: info.modifiedNanoseconds)
    }

    /// A file (with its entry) or a folder, by its path below the walked root.
    private struct Node: Sendable {
        let path: String
        let entry: Entry?
        /// The real paths of the linked folders followed on the way here (to find loops).
        var followed: [String] = []
        var isFolder: Bool { entry == nil }
    }

    private static func walk(_ root: String, _ folder: Node, rules: WalkRules, into files: inout [(path: String, entry: Entry)]) {
        for node in list(root, relative: folder.path, followed: folder.followed, rules: rules) {
            if let entry = node.entry { files.append((node.path, entry)) } else { walk(root, node, rules: rules, into: &files) }
        }
    }

    /// The files and folders of one folder in the order their paths sort (see `files(under:jobs:)`).
    /// Entries are stat'ed without following links: a regular file or a folder is taken as it
    /// is (no extra call), a symbolic link is resolved and checked by `rules`, anything else is
    /// refused.
    private static func list(_ root: String, relative: String, followed: [String], rules: WalkRules) -> [Node] {
        var named: [(key: String, node: Node)] = []
        let folder = relative.isEmpty ? root : root + "/" + relative
        let unreadable = { (name: String) in
            rules.refuse(relative.isEmpty ? name : relative + "/" + name, "a name that is not UTF-8; rename it (nothing under it is read)")
        }
        // A folder or entry the build may not read would otherwise drop out of the site, its
        // published files removed with it: an error naming it (one deleted meanwhile is just gone).
        let failed = { (name: String?, code: Int32) in
            guard code != ENOENT else { return }
            let reason = String(cString: strerror(code))
            if let name {
                rules.refuse(relative.isEmpty ? name : relative + "/" + name, "cannot read its details (\(reason)); nothing of it is read")
            } else {
                rules.refuse(relative.isEmpty ? "." : relative, "cannot list the folder (\(reason)); nothing under it is read")
            }
        }
        forEachVisible(in: folder, follow: false, unreadable: unreadable, failed: failed) { name, info in
            let path = relative.isEmpty ? name : relative + "/" + name
            var info = info
            var chain = followed
            if (info.st_mode & S_IFMT) == S_IFLNK {
                guard let target = rules.resolve(link: folder + "/" + name, in: folder, path: path, followed: followed, info: &info) else { return }
                if (info.st_mode & S_IFMT) == S_IFDIR { chain.append(target) }
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: named.append((name + "/", Node(path: path, entry: nil, followed: chain)))
            case S_IFREG:
                guard Int64(info.st_size) <= Int64(rules.sizeLimit) else {
                    rules.refuse(path, FileBytes.overLimit(Int(info.st_size), rules.sizeLimit))
                    return
                }
                named.append((name, Node(path: path, entry: record(info))))
            default: rules.refuse(path, "not a regular file but \(FileBytes.kind(info.st_mode)); only regular files and folders are read")
            }
        }
        named.sort { ByteOrder.precedes($0.key, $1.key) }
        return named.map(\.node)
    }

    /// Calls `body` with the name and stat of every entry of a folder but hidden ones; the stat
    /// follows symbolic links unless `follow` is false. Each entry is stat'ed relative to the
    /// open folder, which spares the kernel a walk of the whole path.
    /// A name that is not UTF-8 cannot be named in a path or a URL without changing it, so it
    /// is passed to `unreadable` (its bytes repaired for the message) and not to `body`. A
    /// folder that cannot be opened, or an entry that cannot be stat'ed, is passed to `failed`
    /// (nil for the folder) with its errno.
    static func forEachVisible<E: Error>(in path: String, follow: Bool = true, unreadable: (String) -> Void = { _ in },
                                         failed: (String?, Int32) -> Void = { _, _ in },
                                         _ body: (String, stat) throws(E) -> Void) throws(E) {
        guard let directory = opendir(path) else { failed(nil, errno); return }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        while let entry = readdir(directory) {
            guard entry.pointee.d_name.0 != 0x2E else { continue }   // "." and ".." too
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { pointer -> String? in
                    String(validatingCString: pointer) ?? { unreadable(String(cString: pointer)); return nil }()
                }
            }
            guard let name else { continue }
            var info = stat()
            if fstatat(descriptor, name, &info, follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0 { try body(name, info) } else { failed(name, errno) }
        }
    }
}
