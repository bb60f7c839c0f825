import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading whole files, and writing bytes out, with plain POSIX calls. A build reads hundreds
/// of thousands of small files, some twice: Foundation's `Data(contentsOf:)` adds its own work
/// to each, and with `.mappedIfSafe` the threads queue for the process's memory-map lock on
/// every map, unmap and page fault.
enum FileBytes {
    /// Why a file could not be read, as the system says it.
    struct Failure: Error {
        let reason: String
    }

    /// The largest file read unless site.yml's `limits.max_file_mb` says otherwise.
    static let defaultLimit = SiteConfig.defaultMaxFileBytes

    /// The bytes of the file at `path`, read to its end (sized by its stat, grown if it grew).
    static func read(_ path: String, limit: Int = defaultLimit) throws(Failure) -> Data {
        let (descriptor, size) = try openFile(path, limit: limit)
        defer { close(descriptor) }
        var data = Data(count: size + 1)
        var count = 0
        while true {
            if count == data.count { data.count += max(data.count, 4_096) }
            let got = data.withUnsafeMutableBytes { buffer in Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count) }
            if got < 0 { throw Failure(reason: String(cString: strerror(errno))) }
            if got == 0 { break }
            count += got
            if count > limit { throw Failure(reason: Self.overLimit(count, limit)) }
        }
        data.count = count
        return data
    }

    /// Reads the file at `path` to its end into `buffer` and returns how many bytes it holds:
    /// for reading many files one after another without an allocation for each. The buffer
    /// grows to the file's size by its stat (and further if it grew), never shrinks: callers
    /// drop a buffer a large file left large.
    static func read(_ path: String, displayPath: String, limit: Int = defaultLimit, into buffer: inout [UInt8]) throws(SitegenError) -> Int {
        do throws(Failure) {
            let (descriptor, size) = try openFile(path, limit: limit)
            defer { close(descriptor) }
            if buffer.count < size + 1 { buffer.append(contentsOf: repeatElement(0, count: size + 1 - buffer.count)) }
            var count = 0
            while true {
                if count == buffer.count { buffer.append(contentsOf: repeatElement(0, count: max(buffer.count, 4_096))) }
                let got = buffer.withUnsafeMutableBytes { bytes in Foundation.read(descriptor, bytes.baseAddress! + count, bytes.count - count) }
                if got < 0 { throw Failure(reason: String(cString: strerror(errno))) }
                if got == 0 { return count }
                count += got
                if count > limit { throw Failure(reason: Self.overLimit(count, limit)) }
            }
        } catch {
            throw SitegenError("cannot read file (\(error.reason))", at: SourceLocation(file: displayPath))
        }
    }

    /// Up to `count` bytes from the start of a regular file (an image's header).
    static func head(_ path: String, count: Int) throws(Failure) -> Data {
        let (descriptor, _) = try openFile(path, limit: .max)
        defer { close(descriptor) }
        var data = Data(count: count)
        var got = 0
        while got < count {
            let read = data.withUnsafeMutableBytes { buffer in Foundation.read(descriptor, buffer.baseAddress! + got, count - got) }
            if read < 0 { throw Failure(reason: String(cString: strerror(errno))) }
            if read == 0 { break }
            got += read
        }
        data.count = got
        return data
    }

    /// Opens a file for reading: its descriptor and its size by its stat. Only a regular file
    /// is read: a folder fails only at the first read, with a less clear reason, and a FIFO, a
    /// device or a socket in a cache folder never ends (/dev/zero) or blocks for ever (a FIFO:
    /// hence the open that does not wait). A file larger than `limit` is refused before a byte
    /// of it is read.
    private static func openFile(_ path: String, limit: Int) throws(Failure) -> (Int32, Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(reason: reason)
        }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            close(descriptor)
            throw Failure(reason: String(cString: strerror(EISDIR)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw Failure(reason: "not a regular file but \(kind(info.st_mode)); only regular files are read")
        }
        guard Int(info.st_size) <= limit else {
            close(descriptor)
            throw Failure(reason: overLimit(Int(info.st_size), limit))
        }
        return (descriptor, max(Int(info.st_size), 0))
    }

    /// What a file that is not a regular one is, for messages.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    static func overLimit(_ size: Int, _ limit: Int) -> String {
        "the file holds \(size) bytes or more, over the limit of \(limit) bytes (`limits.max_file_mb` in site.yml)"
    }

    /// The bytes of a file that a message calls `displayPath`; a failure names it and says why.
    static func read(_ path: String, displayPath: String, limit: Int = defaultLimit) throws(SitegenError) -> Data {
        do {
            return try read(path, limit: limit)
        } catch {
            throw SitegenError("cannot read file (\(error.reason))", at: SourceLocation(file: displayPath))
        }
    }

    /// Writes all of `bytes` to `descriptor`: write(2) may take part of them, or be interrupted
    /// by a signal (serve and watch handle Ctrl-C) before it takes any.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            if written <= 0 { throw Failure(reason: written == 0 ? "nothing was written" : String(cString: strerror(errno))) }
            offset += written
        }
    }
}
