import Foundation
#if os(Linux)
import Glibc

/// Reports changes under a site's folders with Linux's inotify, as source keys the build's
/// `BuildMemory` understands ("content/news/a.md", "assets/css", "templates/layout.mustache").
/// inotify watches one folder at a time, so every folder below each root is watched, and a
/// folder that appears later is watched as soon as it is reported. Hidden files and folders are
/// left out, as the build leaves them out.
public final class SourceWatcher: ChangeSource {
    private let descriptor: Int32
    /// Watch descriptor → (source key of the folder, its path).
    private var folders: [Int32: (key: String, path: String)] = [:]
    /// The roots: their keys by path, so that a root inside another (Templates/assets) is watched
    /// under its own key however it is reached, at the start or when it is created later.
    private let roots: [(key: String, path: String)]
    private let rootKeys: [String: String]
    /// Each root's parent folder, watched for the root's name alone: a root deleted or moved
    /// away and then made again (a restore from a backup, a branch switched) is watched again
    /// when it comes back. Watch descriptor → root name → (key, path).
    private var parents: [Int32: [String: (key: String, path: String)]] = [:]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private static let mask: UInt32 = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | IN_DELETE
        | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches each root folder (its key prefix without the slash, "content") and all below it.
    public init(roots: [(key: String, folder: URL)]) throws(SitegenError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw SitegenError("cannot watch for changes: \(String(cString: strerror(errno)))") }
        self.roots = roots.map { ($0.key, $0.folder.path) }
        rootKeys = Dictionary(self.roots.map { ($0.path, $0.key) }, uniquingKeysWith: { first, _ in first })
        for (key, path) in self.roots {
            try watch(path, key: key)
            watchParent(of: path, key: key)
        }
    }

    deinit { close(descriptor) }

    /// How many folders are watched.
    public var folderCount: Int { folders.count }

    public func nextChanges(quiet: Duration = .milliseconds(100), timeout: Double? = nil) throws(SitegenError) -> Set<String> {
        var changes: Set<String> = []
        guard try wait(milliseconds: timeout.map { Int32($0 * 1000) } ?? -1) else { return changes }
        repeat { try read(into: &changes) } while try wait(milliseconds: Int32(quiet.milliseconds))
        return changes
    }

    private func wait(milliseconds: Int32) throws(SitegenError) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&request, 1, milliseconds)
            if ready >= 0 { return ready > 0 }
            if errno != EINTR { throw SitegenError("cannot watch for changes: \(String(cString: strerror(errno)))") }
        }
    }

    private func read(into changes: inout Set<String>) throws(SitegenError) {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else {
            if count < 0, errno == EINTR || errno == EAGAIN { return }
            throw SitegenError("cannot watch for changes: \(String(cString: strerror(errno)))")
        }
        var offset = 0
        // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len].
        while offset + 16 <= count {
            let (handle, mask, length, name) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int, String) in
                let handle = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let bytes = raw[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
                return (handle, mask, length, String(decoding: bytes, as: UTF8.self))
            }
            offset += 16 + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                // Events were lost: every root is scanned again, and watched again for the folders
                // created meanwhile (a folder already watched keeps its watch).
                for (key, path) in roots {
                    changes.insert(key)
                    try watch(path, key: key)
                }
                continue
            }
            if let root = parents[handle]?[name], mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                changes.insert(root.key)
                try watch(root.path, key: root.key)
            }
            if mask & UInt32(IN_IGNORED) != 0 { parents[handle] = nil }
            guard let folder = folders[handle] else { continue }
            if mask & UInt32(IN_IGNORED) != 0 { folders[handle] = nil; continue }
            if name.isEmpty || name.hasPrefix(".") {
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 { changes.insert(folder.key) }
                continue
            }
            let path = folder.path + "/" + name
            let key = rootKeys[path] ?? folder.key + "/" + name
            changes.insert(key)
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                try watch(path, key: key)
            }
        }
    }

    /// Adds the parent's watch for the root's return (`IN_MASK_ADD`: the parent may be watched
    /// for all its changes already, as Templates is for Templates/assets). A parent that cannot
    /// be watched leaves the root watched as before.
    private func watchParent(of path: String, key: String) {
        let parent = (path as NSString).deletingLastPathComponent
        let handle = inotify_add_watch(descriptor, parent, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR | IN_MASK_ADD))
        guard handle >= 0 else { return }
        parents[handle, default: [:]][(path as NSString).lastPathComponent] = (key, path)
    }

    private func watch(_ path: String, key: String) throws(SitegenError) {
        let handle = inotify_add_watch(descriptor, path, Self.mask)
        guard handle >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return }
            let hint = errno == ENOSPC ? " (raise fs.inotify.max_user_watches)" : ""
            throw SitegenError("cannot watch \(path): \(String(cString: strerror(errno)))\(hint)")
        }
        folders[handle] = (key, path)
        try FileSnapshot.forEachVisible(in: path) { (name, info) throws(SitegenError) in
            if (info.st_mode & S_IFMT) == S_IFDIR {
                try watch(path + "/" + name, key: rootKeys[path + "/" + name] ?? key + "/" + name)
            }
        }
    }
}
#endif
