import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Keeps `sitegen fetch` and builds apart on one content folder: a `flock` on a file beside the
/// folder (never inside it, so it is never read as content). A fetch holds it exclusively, a build
/// shared, so builds of one folder into different outputs still run side by side. The kernel
/// drops the lock when the process ends, even when it is killed, so it never goes stale: a lock
/// whose holder is gone is simply free.
public final class ContentLock {
    public enum Holder: Sendable { case fetch, build }

    private let descriptor: Int32

    /// The lock a build takes, or nil when its file cannot be made (content on a read-only disk,
    /// where no fetch can write either): a build must not fail for want of it. When a fetch is
    /// writing, a build stops at once, or with `waiting` (a watcher's builds) waits for it,
    /// polling, as long as `keepWaiting` says.
    public static func forBuild(_ content: URL, waiting: (keepWaiting: @Sendable () -> Bool, announce: @Sendable (String) -> Void)? = nil)
        throws(SitegenError) -> ContentLock? {
        let url = location(content)
        let descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        if take(descriptor, as: .build) { return ContentLock(descriptor: descriptor) }
        let holder = describeHolders(of: url, default: "a sitegen fetch")
        if let waiting {
            waiting.announce("waiting for \(holder) to finish writing \(content.lastPathComponent) (lock \(url.path)) before building")
            while waiting.keepWaiting() {
                usleep(100_000)
                if take(descriptor, as: .build) { return ContentLock(descriptor: descriptor) }
            }
        }
        close(descriptor)
        throw SitegenError("\(holder) is writing \(content.lastPathComponent) (lock \(url.path)); wait for it to finish and run the build again")
    }

    /// Takes the lock, or stops at once with a message naming the lock and its holder.
    public convenience init(for content: URL, as holder: Holder) throws(SitegenError) {
        let (descriptor, url) = try Self.openFile(content)
        guard Self.take(descriptor, as: holder) else {
            close(descriptor)
            throw Self.busy(content, url, waited: nil)
        }
        self.init(descriptor: descriptor)
    }

    /// Takes the lock, waiting up to `limit` for its holder to let go: `announce` is told once,
    /// when it has to wait, for which process. After `limit` it stops with a message naming the
    /// lock and the holder; a zero `limit` stops at once.
    public static func waiting(for content: URL, as holder: Holder, upTo limit: Duration,
                               announce: (String) -> Void) async throws(SitegenError) -> ContentLock {
        let (descriptor, url) = try openFile(content)
        if take(descriptor, as: holder) { return ContentLock(descriptor: descriptor) }
        guard limit > .zero else {
            close(descriptor)
            throw busy(content, url, waited: nil)
        }
        announce("waiting for \(describeHolders(of: url, default: "another sitegen fetch or build")) to finish with \(content.lastPathComponent) (lock \(url.path)), up to \(seconds(limit)) s")
        let deadline = ContinuousClock.now + limit
        // Polled rather than a blocking flock, which could not be given up on at the deadline.
        while ContinuousClock.now < deadline {
            // A cancelled task's sleep returns at once: without this the loop would spin.
            guard !Task.isCancelled else { break }
            try? await Task.sleep(for: min(.milliseconds(100), deadline - ContinuousClock.now))
            if take(descriptor, as: holder) { return ContentLock(descriptor: descriptor) }
        }
        close(descriptor)
        throw busy(content, url, waited: limit)
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func location(_ content: URL) -> URL {
        content.standardizedFileURL.sidecar(LockFileName.content)
    }

    private static func openFile(_ content: URL) throws(SitegenError) -> (Int32, URL) {
        let url = location(content)
        let descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SitegenError("cannot create the lock file \(url.path): \(String(cString: strerror(errno)))") }
        return (descriptor, url)
    }

    private static func take(_ descriptor: Int32, as holder: Holder) -> Bool {
        flock(descriptor, (holder == .fetch ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0
    }

    private static func busy(_ content: URL, _ url: URL, waited: Duration?) -> SitegenError {
        let who = describeHolders(of: url, default: "another sitegen fetch or build")
        let folder = content.lastPathComponent
        guard let waited else {
            return BuildOptionName.lockWait.error("\(folder) is locked by \(who) (lock \(url.path)); run the fetch again when it is done, or let it wait")
        }
        return BuildOptionName.lockWait.error("\(folder) is still locked by \(who) after waiting \(seconds(waited)) s (lock \(url.path)); run the fetch again when it is done, or wait longer")
    }

    /// "600" or "0.3": the wait as `--wait` counts it.
    private static func seconds(_ duration: Duration) -> String {
        duration.components.attoseconds == 0 ? String(duration.components.seconds) : String(format: "%.1f", duration.seconds)
    }

    /// "sitegen fetch (process 4242)", "sitegen builds (processes 17, 18)", or `fallback` where
    /// the kernel's list of locks cannot be read (other systems than Linux) or names nobody.
    static func describeHolders(of url: URL, default fallback: String) -> String {
        let holders = holders(of: url)
        guard !holders.isEmpty else { return fallback }
        let writers = holders.filter(\.exclusive).map(\.pid)
        let pids = writers.isEmpty ? holders.map(\.pid) : writers
        let what = writers.isEmpty ? (pids.count == 1 ? "a sitegen build" : "sitegen builds") : "a sitegen fetch"
        return "\(what) (process\(pids.count == 1 ? "" : "es") \(pids.map(String.init).joined(separator: ", ")))"
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
