import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Keeps `sitegen fetch` and builds apart on one content folder: a `flock` on a file beside the
/// folder (never inside it, so it is never read as content). A fetch holds it exclusively, a build
/// shared, so builds of one folder into different outputs still run side by side. The kernel
/// drops the lock when the process ends, even when it is killed, so it never goes stale.
public final class ContentLock {
    public enum Holder: Sendable { case fetch, build }

    private let descriptor: Int32

    /// The lock a build takes, or nil when its file cannot be made (content on a read-only disk,
    /// where no fetch can write either): a build must not fail for want of it.
    public static func forBuild(_ content: URL) throws(SitegenError) -> ContentLock? {
        let descriptor = open(location(content).path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        return try ContentLock(descriptor: descriptor, content: content, holder: .build)
    }

    public convenience init(for content: URL, as holder: Holder) throws(SitegenError) {
        let url = Self.location(content)
        let descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SitegenError("cannot create the lock file \(url.path): \(String(cString: strerror(errno)))") }
        try self.init(descriptor: descriptor, content: content, holder: holder)
    }

    private static func location(_ content: URL) -> URL {
        content.standardizedFileURL.deletingLastPathComponent()
            .appendingPathComponent(".\(content.standardizedFileURL.lastPathComponent).sitegen-content-lock")
    }

    private init(descriptor: Int32, content: URL, holder: Holder) throws(SitegenError) {
        if flock(descriptor, (holder == .fetch ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
            close(descriptor)
            let folder = content.lastPathComponent
            throw SitegenError(holder == .fetch
                ? "another sitegen fetch or build is using \(folder); wait for it to finish and run the fetch again"
                : "a sitegen fetch is writing \(folder); wait for it to finish and run the build again")
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
