import Foundation
import SitegenCore
import SitegenFetch

/// The fetch's progress on standard error. On a terminal: one line redrawn at most ten times a
/// second, per service done/total, requests per second, retries and the time left. In a pipe:
/// a plain line per service every ten seconds, and each service's last line at the end
/// (`StatusLine`).
final class FetchProgressDisplay: FetchProgress, @unchecked Sendable {
    private struct Counts {
        var total = 0
        var done = 0
        var retries = 0
        var started = ContinuousClock.now
        var lastDone = ContinuousClock.now
        var lastPlain = ContinuousClock.now
        /// The plain line written last, so the closing one is not the same line again.
        var lastPlainText = ""
    }

    private let status: StatusLine
    private let verbose: Bool
    private let lock = NSLock()
    private var counts: [API: Counts] = [:]
    private var lastDrawn = ContinuousClock.now - .seconds(1)

    private init(status: StatusLine, verbose: Bool) {
        self.status = status
        self.verbose = verbose
    }

    static func forStandardError(quiet: Bool, verbose: Bool) -> FetchProgressDisplay {
        FetchProgressDisplay(status: .forStandardError(quiet: quiet), verbose: verbose && !quiet)
    }

    func planned(_ api: API, count: Int) {
        lock.withLock {
            if counts[api] == nil { counts[api] = Counts() }
            counts[api]!.total += count
        }
    }

    func finished(_ api: API) {
        lock.withLock {
            counts[api, default: Counts()].done += 1
            let now = ContinuousClock.now
            counts[api]!.lastDone = now
            switch status.mode {
            case .terminal where now - lastDrawn > .milliseconds(100):
                lastDrawn = now
                status.redraw(counts.keys.sorted().map { line($0) }.joined(separator: " | "))
            case .plain:
                writePlainLine(api, now: now)
            default: break
            }
        }
    }

    /// A service's plain line when ten seconds have passed since its last one. Called when a
    /// request ends and when one is retried: a service whose tries all fail still shows.
    private func writePlainLine(_ api: API, now: ContinuousClock.Instant) {
        guard now - counts[api]!.lastPlain > .seconds(10) else { return }
        counts[api]!.lastPlain = now
        let text = line(api)
        counts[api]!.lastPlainText = text
        status.print(text)
    }

    func retried(_ api: API, reason: String, url: URL) {
        lock.withLock {
            counts[api, default: Counts()].retries += 1
            if verbose { status.print(InputText.escapingControls("retrying \(api.displayName) \(url.absoluteString): \(reason)")) }
            if status.mode == .plain { writePlainLine(api, now: ContinuousClock.now) }
        }
    }

    func waiting(_ message: String) {
        lock.withLock { status.print(message) }
    }

    func finish() {
        lock.withLock {
            switch status.mode {
            case .terminal: status.erase()
            case .plain:
                for api in counts.keys.sorted() where line(api) != counts[api]!.lastPlainText { status.print(line(api)) }
            case .quiet: break
            }
        }
    }

    /// "Last.fm 120/300 · 3.9/s · 2 retries · 46 s left"
    private func line(_ api: API) -> String {
        let entry = counts[api]!
        // A service with nothing left keeps the rate it ran at.
        let elapsed = (entry.done == entry.total ? entry.lastDone : ContinuousClock.now) - entry.started
        let seconds = elapsed.seconds
        var text = "\(api.displayName) \(entry.done)/\(entry.total)"
        if seconds > 0.5, entry.done > 0 {
            let rate = Double(entry.done) / seconds
            text += String(format: " · %.1f/s", rate)
            if entry.total > entry.done { text += String(format: " · %.0f s left", Double(entry.total - entry.done) / rate) }
        }
        if entry.retries > 0 { text += " · \(entry.retries.counted("retry", plural: "retries"))" }
        return text
    }
}
