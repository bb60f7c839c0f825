import Foundation

/// What a long-running process (`sitegen watch`) keeps from one build to the next: the manifest
/// as the last successful build left it, and that build's source digests. With a watcher telling
/// which paths changed, the next build neither reads the manifest nor stats every source: at
/// archive scale those were most of a rebuild after one edited post. Another build of the same
/// output in between (a `sitegen build` in a second terminal) rewrites the manifest's index; then
/// what is remembered is dropped, and the next build reads the manifest and stats every source.
public final class BuildMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var rememberedManifest: Manifest?
    private var rememberedSources: SourceDigests?
    /// The manifest as the last successful build left it; nil when there is none to trust.
    var manifest: Manifest? { lock.withLock { rememberedManifest } }
    /// That build's source digests.
    var sources: SourceDigests? { lock.withLock { rememberedSources } }
    /// What loaders made from single files (`LoadContext.memo`).
    let files = FileMemo()
    /// Source keys ("content/news/a.md", "assets/css") reported changed and not yet built. Every
    /// other source is trusted to be as the last successful build left it.
    private var pending: Set<String> = []
    /// The manifest index's size and modification time as the last successful build left it.
    private var manifestFile: FileSnapshot.Entry?

    /// Memory for a process whose watcher reports every change under the sources' roots.
    public init() {}

    /// Records that something at a source key changed (a file, or a folder and all below it).
    /// Thread-safe; a change noted while a build runs is left for the next build.
    public func noteChange(_ key: String) {
        _ = lock.withLock { pending.insert(key) }
    }

    /// Whether the last successful build read a source file at `key` ("content/news/a.md") or
    /// under it (a folder): a change to a path it did not know, gone again, is an editor's
    /// temporary file. True when nothing is remembered. Templates are not recorded here.
    public func knewSource(_ key: String) -> Bool {
        lock.withLock {
            guard let sources = rememberedSources else { return true }
            if sources.record(key) != nil { return true }
            let folder = key + "/"
            return sources.records(inGroup: Manifest.sourceGroup(of: key)).keys.contains { $0.hasPrefix(folder) }
        }
    }

    /// For a build about to start: forgets the manifest and digests if the manifest index is no
    /// longer as the last build left it, then hands over the changes reported so far.
    func startBuild(manifestAt url: URL) -> Set<String> {
        lock.withLock {
            if rememberedManifest != nil, FileSnapshot.entry(at: url.appendingPathComponent("index").path) != manifestFile {
                rememberedManifest = nil
                rememberedSources = nil
            }
            defer { pending = [] }
            return pending
        }
    }

    /// After a failed build: its changes are still to be built.
    func buildFailed(changes: Set<String>) {
        lock.withLock { pending.formUnion(changes) }
    }

    /// After a successful build: how it changed the manifest (applied in place: the build no
    /// longer holds the last one), the manifest it started from when that came from disk, its
    /// source digests, and where it wrote the manifest.
    func remember(_ update: Manifest.Update, base: Manifest?, sources: SourceDigests, manifestAt url: URL) {
        lock.withLock {
            if rememberedManifest == nil { rememberedManifest = base }
            if case .write(let written) = update { rememberedManifest = written }
            rememberedSources = rememberedManifest == nil ? nil : sources
            manifestFile = FileSnapshot.entry(at: url.appendingPathComponent("index").path)
        }
        files.prune { sources.content($0) != nil }
    }
}

