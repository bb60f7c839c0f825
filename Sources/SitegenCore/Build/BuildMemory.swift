import Foundation

/// What a long-running process (`sitegen watch`) keeps from one build to the next: the manifest
/// as the last successful build left it, and that build's source digests. With a watcher telling
/// which paths changed, the next build neither reads the manifest file nor stats every source:
/// at archive scale those were most of a rebuild after one edited post.
public final class BuildMemory: @unchecked Sendable {
    private let lock = NSLock()
    var manifest: Manifest?
    var sources: SourceDigests?
    /// What loaders made from single files (`LoadContext.memo`).
    let files = FileMemo()
    /// Source keys ("content/news/a.md", "assets/css") reported changed since the last successful
    /// build. Every other source is trusted to be as that build left it.
    private var pending: Set<String> = []

    /// Memory for a process whose watcher reports every change under the sources' roots.
    public init() {}

    /// Records that something at a source key changed (a file, or a folder and all below it).
    /// Thread-safe; a change noted while a build runs is left for the next build.
    public func noteChange(_ key: String) {
        _ = lock.withLock { pending.insert(key) }
    }

    /// The changes reported so far, for a build about to start.
    func changesSoFar() -> Set<String> {
        lock.withLock { pending }
    }

    /// After a successful build: how it changed the manifest (applied in place: the build no
    /// longer holds the last one), the manifest it started from when that came from disk, its
    /// source digests, and the changes it has taken into account.
    func remember(_ update: Manifest.Update, base: Manifest?, sources: SourceDigests, handled: Set<String>) {
        lock.withLock {
            if manifest == nil { manifest = base }
            switch update {
            case .keep: break
            case .rewrite(let written): manifest = written
            case .append(let changes): manifest?.apply(changes)
            }
            self.sources = manifest == nil ? nil : sources
            pending.subtract(handled)
        }
        files.prune { sources.content($0) != nil }
    }
}
