import Foundation

/// One build at a time per output folder: an exclusive `LockFile` beside it.
/// `sitegen serve` holds a second one, `.serve`, for as long as it runs: two previews of one
/// output folder would each rebuild it with their own address in every absolute link.
public final class BuildLock {
    public enum Kind: Sendable { case build, serve }

    private let file: LockFile

    public init(for output: URL, kind: Kind = .build) throws(SitegenError) {
        file = try LockFile(output.sidecar(kind == .build ? LockFileName.build : LockFileName.serve), makeFolder: true)
        guard file.take(exclusive: true) else {
            let process = LockFile.processes(holding: file.url)
            switch kind {
            case .build:
                throw SitegenError("another sitegen build\(process) is writing \(output.lastPathComponent); wait for it to finish and run the build again")
            case .serve:
                throw BuildOptionName.output.error("another sitegen serve\(process) previews into \(output.lastPathComponent); stop it, or give this one another output folder")
            }
        }
    }

    /// " (process 4242)", or "" where the kernel does not say, for a `sitegen serve` previewing
    /// into `output`; nil when none does. Asked without making the lock file: a build into the
    /// folder a preview serves would be served with the site's own address, and replaced at its
    /// next rebuild. A serve's own builds never ask (the lock is held by their process).
    public static func servingProcess(of output: URL) -> String? {
        let url = output.sidecar(LockFileName.serve)
        return LockFile.isHeld(url) ? LockFile.processes(holding: url) : nil
    }
}
