import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the file a request names inside the output folder and reads it. Symbolic links are
/// resolved, and anything that resolves outside the folder (a link leading out) is not found;
/// a folder gives its `index.html`; only regular files are opened (a FIFO would hang the answer).
struct OutputFolder {
    let url: URL

    enum Resolution: Equatable {
        /// The file, resolved, and its path below the output folder ("news/a/index.html").
        case file(path: String, relative: String)
        /// A folder asked for without its trailing slash.
        case folderWithoutSlash
        case notFound
    }

    func resolve(_ segments: [String], endsWithSlash: Bool) -> Resolution {
        guard let root = Self.realPath(url.path) else { return .notFound }
        let asked = ([root] + segments).joined(separator: "/")
        guard let path = inside(root, Self.realPath(asked)) else { return .notFound }
        var info = stat()
        guard stat(path, &info) == 0 else { return .notFound }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard endsWithSlash else { return .folderWithoutSlash }
            guard let index = inside(root, Self.realPath(path + "/index.html")), Self.isRegularFile(index) else { return .notFound }
            return .file(path: index, relative: String(index.dropFirst(root.count + 1)))
        case S_IFREG:
            return endsWithSlash ? .notFound : .file(path: path, relative: String(path.dropFirst(root.count + 1)))
        default:
            return .notFound
        }
    }

    /// A file's bytes and an entity tag made from the same open file's identity, size and
    /// modification time (a build replaces changed files by renaming, which changes all three).
    static func read(_ path: String) -> (bytes: Data, tag: String)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              let bytes = try? handle.readToEnd() ?? Data() else { return nil }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        let tag = "\"" + [UInt64(info.st_ino), UInt64(bytes.count), UInt64(bitPattern: modified)]
            .map { String($0, radix: 16) }.joined(separator: "-") + "\""
        return (bytes, tag)
    }

    private func inside(_ root: String, _ path: String?) -> String? {
        guard let path, path == root || path.hasPrefix(root == "/" ? "/" : root + "/") else { return nil }
        return path
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
