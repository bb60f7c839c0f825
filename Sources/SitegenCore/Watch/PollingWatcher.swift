import Foundation

/// Reports changes by scanning the watched folders at an interval and comparing sizes and
/// modification times: the fallback where inotify is missing (macOS, BSDs) or refused (its watch
/// limit reached). Each scan stats every source file, which a large archive feels, so inotify is
/// preferred wherever it works. Keys are those `SourceWatcher` gives for the same edits: the file
/// that was added, changed or removed; hidden files and folders are left out, as the build does.
public final class PollingWatcher: ChangeSource {
    private let roots: [(key: String, path: String)]
    private let interval: Duration
    private var last: [String: FileSnapshot.Entry]
    private var lastScan = ContinuousClock.now

    /// Scans each root folder (its key prefix without the slash, "content") every `interval`.
    public init(roots: [(key: String, folder: URL)], interval: Duration = .seconds(1)) {
        self.roots = roots.map { ($0.key, $0.folder.standardizedFileURL.path) }
        self.interval = interval
        last = [:]
        last = scan()
    }

    public var folderCount: Int {
        Set(last.keys.map { $0.split(separator: "/").dropLast().joined(separator: "/") }).count
    }

    /// Scans once an interval has passed since the last scan, however often it is called.
    public func nextChanges(quiet: Duration, timeout: Double?) throws(SitegenError) -> Set<String> {
        let deadline = timeout.map { ContinuousClock.now + .milliseconds(Int($0 * 1000)) }
        while true {
            let due = lastScan + interval
            if let deadline, deadline < due {
                Self.sleep(until: deadline)
                return []
            }
            Self.sleep(until: due)
            var changes = takeChanges()
            if !changes.isEmpty {
                // Scanned again until a scan finds nothing new: one save, one batch.
                while true {
                    Self.sleep(until: .now + max(quiet, .milliseconds(10)))
                    let more = takeChanges()
                    if more.isEmpty { return changes }
                    changes.formUnion(more)
                }
            }
        }
    }

    private static func sleep(until instant: ContinuousClock.Instant) {
        let pause = instant - .now
        if pause > .zero { Thread.sleep(forTimeInterval: Double(pause.milliseconds) / 1000) }
    }

    /// The keys whose file differs from the last scan, which this scan replaces.
    private func takeChanges() -> Set<String> {
        lastScan = .now
        let now = scan()
        var changes: Set<String> = []
        for (key, entry) in now where last[key] != entry { changes.insert(key) }
        for key in last.keys where now[key] == nil { changes.insert(key) }
        last = now
        return changes
    }

    /// Every visible file under the roots by source key. A root inside another (Templates/assets)
    /// owns its files: they are reported under its key only.
    private func scan() -> [String: FileSnapshot.Entry] {
        var files: [String: FileSnapshot.Entry] = [:]
        for (key, path) in roots {
            let inner = roots.filter { $0.path.hasPrefix(path + "/") }.map { String($0.path.dropFirst(path.count + 1)) + "/" }
            for (relative, entry) in FileSnapshot.files(under: path, jobs: 1)
            where !inner.contains(where: { relative.hasPrefix($0) }) {
                files[key + "/" + relative] = entry
            }
        }
        return files
    }
}
