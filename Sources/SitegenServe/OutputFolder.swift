import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the file a request names inside the output folder and opens it. Symbolic links are
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

    /// A file opened for an answer: its size and an entity tag made from the same open file's
    /// identity, size and modification time (a build replaces changed files by renaming, which
    /// changes all three), known without reading it; the bytes are read only for an answer that
    /// sends them.
    struct OpenedFile {
        let handle: FileHandle
        let size: Int
        let tag: String

        /// The whole file (an HTML page, which gets the live-reload script).
        func bytes() -> Data? {
            try? handle.readToEnd() ?? Data()
        }

        /// Up to `count` bytes from its start (to tell an Atom feed from other XML).
        func prefix(_ count: Int) -> Data {
            var buffer = [UInt8](repeating: 0, count: count)
            let read = pread(handle.fileDescriptor, &buffer, count, 0)
            return Data(buffer.prefix(Swift.max(0, read)))
        }
    }

    static func openFile(_ path: String) -> OpenedFile? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let modified = info.modifiedNanoseconds
        let size = Int(info.st_size)
        let tag = "\"" + [UInt64(info.st_ino), UInt64(size), UInt64(bitPattern: modified)]
            .map { String($0, radix: 16) }.joined(separator: "-") + "\""
        return OpenedFile(handle: handle, size: size, tag: tag)
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
