import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One build at a time per output folder: an exclusive `flock` on a file beside it. The kernel
/// drops the lock when the process ends, even when it is killed, so a lock never goes stale.
/// `sitegen serve` holds a second one, `.serve`, for as long as it runs: two previews of one
/// output folder would each rebuild it with their own address in every absolute link.
public final class BuildLock {
    public enum Kind: Sendable { case build, serve }

    private let descriptor: Int32

    public init(for output: URL, kind: Kind = .build) throws(SitegenError) {
        let url = output.sidecar(kind == .build ? LockFileName.build : LockFileName.serve)
        // A folder that cannot be made shows as the open's failure just below, with its reason.
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SitegenError("cannot create the lock file \(url.path): \(String(cString: strerror(errno)))") }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let holder = (try? String(contentsOf: url, encoding: .utf8))?.trimmed ?? ""
            close(descriptor)
            let process = holder.isEmpty ? "" : " (process \(holder))"
            switch kind {
            case .build:
                throw SitegenError("another sitegen build is writing \(output.lastPathComponent)\(process); wait for it to finish and run the build again")
            case .serve:
                throw BuildOptionName.output.error("another sitegen serve\(process) previews into \(output.lastPathComponent); stop it, or give this one another output folder")
            }
        }
        ftruncate(descriptor, 0)
        let pid = "\(ProcessInfo.processInfo.processIdentifier)\n"
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
    }

    /// The process (its id, as it wrote it) of a `sitegen serve` previewing into `output`, or nil
    /// when none does. Asked without making the lock file: a build into the folder a preview
    /// serves would be served with the site's own address, and replaced at its next rebuild.
    /// A serve's own builds never ask (the lock is held by their process).
    public static func servingProcess(of output: URL) -> String? {
        let url = output.sidecar(LockFileName.serve)
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return nil
        }
        // Held, not a file system without locks (ENOLCK): that is no preview.
        guard errno == EWOULDBLOCK else { return nil }
        return (try? String(contentsOf: url, encoding: .utf8))?.trimmed ?? ""
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
