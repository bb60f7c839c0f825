import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One build at a time per output folder: an exclusive `flock` on a file beside it. The kernel
/// drops the lock when the process ends, even when it is killed, so a lock never goes stale.
public final class BuildLock {
    private let descriptor: Int32

    public init(for output: URL) throws(SitegenError) {
        let url = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).sitegen-lock")
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        descriptor = open(url.path, O_CREAT | O_RDWR, 0o644)
        guard descriptor >= 0 else { throw SitegenError("cannot create the lock file \(url.path)") }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let holder = (try? String(contentsOf: url, encoding: .utf8))?.trimmed ?? ""
            close(descriptor)
            throw SitegenError("another sitegen build is writing \(output.lastPathComponent)\(holder.isEmpty ? "" : " (process \(holder))"); wait for it to finish and run the build again")
        }
        ftruncate(descriptor, 0)
        let pid = "\(ProcessInfo.processInfo.processIdentifier)\n"
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
