import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that readers see either the old bytes or the new ones, never a mix: the
/// bytes go to a temporary name in the same folder, which is then renamed over the target.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws(SitegenError) {
        try write(to: url) { (file: inout Stream) throws(SitegenError) in try file.append(data) }
    }

    /// Writes what `body` appends, flushing a megabyte at a time, then renames the file into place.
    public static func write(to url: URL, _ body: (inout Stream) throws(SitegenError) -> Void) throws(SitegenError) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        func failure(_ reason: String) -> SitegenError {
            unlink(temporary.path)
            return SitegenError("cannot write \(url.path): \(reason)")
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw failure(error.localizedDescription)
        }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
        var stream = Stream(descriptor: descriptor, path: url.path)
        do throws(SitegenError) {
            try body(&stream)
            try stream.flush()
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
        guard close(descriptor) == 0, rename(temporary.path, url.path) == 0 else { throw failure(String(cString: strerror(errno))) }
    }

    /// Bytes on their way to a file, written out whenever a megabyte has gathered.
    public struct Stream {
        fileprivate let descriptor: Int32
        private let path: String
        private var buffer: [UInt8] = []
        private static let chunk = 1 << 20

        fileprivate init(descriptor: Int32, path: String) {
            self.descriptor = descriptor
            self.path = path
            buffer.reserveCapacity(Self.chunk)
        }

        public mutating func append(_ text: String) throws(SitegenError) {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= Self.chunk { try flush() }
        }

        public mutating func append(_ data: Data) throws(SitegenError) {
            buffer.append(contentsOf: data)
            if buffer.count >= Self.chunk { try flush() }
        }

        fileprivate mutating func flush() throws(SitegenError) {
            try buffer.withUnsafeBytes { raw in Result { () throws(SitegenError) in try writeAll(raw) } }.get()
            buffer.removeAll(keepingCapacity: true)
        }

        private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SitegenError) {
            do throws(FileBytes.Failure) {
                try FileBytes.writeAll(descriptor, bytes)
            } catch {
                throw SitegenError("cannot write \(path): \(error.reason)")
            }
        }
    }
}
