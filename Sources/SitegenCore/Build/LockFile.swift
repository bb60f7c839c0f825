import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one way sitegen's locks are taken and their holders named: a `flock` on a file beside
/// the folder it guards (`LockFileName`). The kernel drops a lock when its process ends, even
/// when it is killed, so a lock never goes stale, and it knows who holds one (/proc/locks), so
/// no lock file records a process of its own.
final class LockFile {
    let url: URL
    private let descriptor: Int32

    /// Opens (makes) the lock file; its folder is made when `makeFolder`.
    init(_ url: URL, makeFolder: Bool = false) throws(SitegenError) {
        // A folder that cannot be made shows as the open's failure just below, with its reason.
        if makeFolder { try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true) }
        let descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SitegenError("cannot create the lock file \(url.path): \(String(cString: strerror(errno)))") }
        self.url = url
        self.descriptor = descriptor
    }

    /// Takes the lock without waiting: exclusive, or shared with other shared holders.
    func take(exclusive: Bool) -> Bool {
        flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Whether some process holds a lock on the file at `url`, asked without making the file.
    /// A file system without locks (ENOLCK) counts as no holder.
    static func isHeld(_ url: URL) -> Bool {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }

    /// " (process 4242)", " (processes 17, 18)": the holders of the lock, or nothing where the
    /// kernel's list of locks cannot be read (other systems than Linux) or names nobody.
    static func processes(holding url: URL) -> String {
        processes(holders(of: url).map(\.pid))
    }

    /// " (process 4242)", " (processes 17, 18)", or nothing for no process.
    static func processes(_ pids: [Int32]) -> String {
        guard !pids.isEmpty else { return "" }
        return " (process\(pids.count == 1 ? "" : "es") \(pids.map(String.init).joined(separator: ", ")))"
    }

    /// The processes holding a `flock` on the file, from Linux's /proc/locks: lines such as
    /// "1: FLOCK  ADVISORY  WRITE 4242 fe:00:16220712 0 EOF" (device major:minor in hex, then
    /// the inode); "->" lines are waiters, not holders.
    static func holders(of url: URL) -> [(pid: Int32, exclusive: Bool)] {
        var info = stat()
        guard stat(url.path, &info) == 0, let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return [] }
        let device = UInt64(info.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        var found: [(pid: Int32, exclusive: Bool)] = []
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "FLOCK" else { continue }
            let place = fields[5].split(separator: ":")
            guard place.count == 3, UInt64(place[0], radix: 16) == major, UInt64(place[1], radix: 16) == minor,
                  UInt64(place[2]) == UInt64(info.st_ino), let pid = Int32(fields[4]) else { continue }
            if !found.contains(where: { $0.pid == pid }) { found.append((pid, fields[3] == "WRITE")) }
        }
        return found
    }
}
