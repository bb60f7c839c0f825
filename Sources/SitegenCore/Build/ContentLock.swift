import Foundation

/// Keeps `sitegen fetch` and builds apart on one content folder: a `LockFile` beside the folder
/// (never inside it, so it is never read as content). A fetch holds it exclusively, a build
/// shared, so builds of one folder into different outputs still run side by side.
public final class ContentLock {
    public enum Holder: Sendable { case fetch, build }

    private let file: LockFile

    private init(_ file: LockFile) {
        self.file = file
    }

    /// The lock a build takes, or nil when its file cannot be made (content on a read-only disk,
    /// where no fetch can write either): a build must not fail for want of it. When a fetch is
    /// writing, a build stops at once, or with `waiting` (a watcher's builds) waits for it,
    /// polling, as long as `keepWaiting` says.
    public static func forBuild(_ content: URL, waiting: (keepWaiting: @Sendable () -> Bool, announce: @Sendable (String) -> Void)? = nil)
        throws(SitegenError) -> ContentLock? {
        guard let file = try? LockFile(location(content)) else { return nil }
        if file.take(exclusive: false) { return ContentLock(file) }
        let holder = describeHolders(of: file.url, default: "a sitegen fetch")
        if let waiting {
            waiting.announce("waiting for \(holder) to finish writing \(content.lastPathComponent) (lock \(file.url.path)) before building")
            while waiting.keepWaiting() {
                usleep(100_000)
                if file.take(exclusive: false) { return ContentLock(file) }
            }
        }
        throw SitegenError("\(holder) is writing \(content.lastPathComponent) (lock \(file.url.path)); wait for it to finish and run the build again")
    }

    /// Takes the lock, or stops at once with a message naming the lock and its holder.
    public convenience init(for content: URL, as holder: Holder) throws(SitegenError) {
        let file = try LockFile(Self.location(content))
        guard file.take(exclusive: holder == .fetch) else { throw Self.busy(content, file.url, waited: nil) }
        self.init(file)
    }

    /// Takes the lock, waiting up to `limit` for its holder to let go: `announce` is told once,
    /// when it has to wait, for which process. After `limit` it stops with a message naming the
    /// lock and the holder; a zero `limit` stops at once.
    public static func waiting(for content: URL, as holder: Holder, upTo limit: Duration,
                               announce: (String) -> Void) async throws(SitegenError) -> ContentLock {
        let file = try LockFile(location(content))
        if file.take(exclusive: holder == .fetch) { return ContentLock(file) }
        guard limit > .zero else { throw busy(content, file.url, waited: nil) }
        announce("waiting for \(describeHolders(of: file.url, default: "another sitegen fetch or build")) to finish with \(content.lastPathComponent) (lock \(file.url.path)), up to \(seconds(limit)) s")
        let deadline = ContinuousClock.now + limit
        // Polled rather than a blocking flock, which could not be given up on at the deadline.
        while ContinuousClock.now < deadline {
            // A cancelled task's sleep returns at once: without this the loop would spin.
            guard !Task.isCancelled else { break }
            try? await Task.sleep(for: min(.milliseconds(100), deadline - ContinuousClock.now))
            if file.take(exclusive: holder == .fetch) { return ContentLock(file) }
        }
        throw busy(content, file.url, waited: limit)
    }

    private static func location(_ content: URL) -> URL {
        content.standardizedFileURL.sidecar(LockFileName.content)
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

    /// "a sitegen fetch (process 4242)", "sitegen builds (processes 17, 18)", or `fallback` where
    /// the kernel names nobody (`LockFile.processes`). A fetch is the one exclusive holder.
    static func describeHolders(of url: URL, default fallback: String) -> String {
        let holders = LockFile.holders(of: url)
        guard !holders.isEmpty else { return fallback }
        let writers = holders.filter(\.exclusive).map(\.pid)
        if !writers.isEmpty { return "a sitegen fetch" + LockFile.processes(writers) }
        return (holders.count == 1 ? "a sitegen build" : "sitegen builds") + LockFile.processes(holders.map(\.pid))
    }
}
