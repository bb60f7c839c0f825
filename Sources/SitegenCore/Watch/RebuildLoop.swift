import Foundation

/// What `sitegen watch` and `sitegen serve` share: the site's folders watched for changes (with
/// inotify, or by polling where inotify is missing or refused), the memory one build leaves for
/// the next, and the loop that hands each batch of changes to a rebuild until `stop()`.
public final class RebuildLoop: @unchecked Sendable {
    public let memory = BuildMemory()
    public let watcher: any ChangeSource
    /// Why the folders are polled rather than watched with inotify, when they are.
    public let pollingReason: String?
    private let quiet: Duration
    private let lock = NSLock()
    private var stopped = false

    /// Starts watching before the first build, so an edit made while it runs is not missed.
    /// `quiet` is how long no further change must come before a batch is built.
    public init(options: BuildOptions, polling: Bool = false, pollInterval: Duration = .seconds(1),
                quiet: Duration = .milliseconds(100)) {
        let roots = [("content", options.content), ("templates", options.templates),
                     ("assets", options.templates.appendingPathComponent("assets"))]
        self.quiet = quiet
        var reason: String? = polling ? "asked for" : "inotify is Linux's"
        var watcher: (any ChangeSource)?
        #if os(Linux)
        if !polling {
            do {
                watcher = try SourceWatcher(roots: roots)
                reason = nil
            } catch {
                reason = error.message
            }
        }
        #endif
        self.watcher = watcher ?? PollingWatcher(roots: roots, interval: pollInterval)
        pollingReason = reason
    }

    /// Waits for changes, notes them in `memory` and calls `rebuild` with them, until `stop()`
    /// (noticed within a quarter of a second, or when the rebuild running then ends).
    public func run(rebuild: (Set<String>) -> Void) throws(SitegenError) {
        while !isStopped {
            let changes = try watcher.nextChanges(quiet: quiet, timeout: 0.25)
            guard !changes.isEmpty, !isStopped else { continue }
            for key in changes { memory.noteChange(key) }
            rebuild(changes)
        }
    }

    public func stop() { lock.withLock { stopped = true } }

    public var isStopped: Bool { lock.withLock { stopped } }
}
