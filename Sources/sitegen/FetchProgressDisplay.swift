import Foundation
import SitegenCore
import SitegenFetch

/// The fetch's progress on standard error. On a terminal: one line redrawn at most ten times a
/// second, per service done/total, requests per second, retries and the time left. In a pipe:
/// a plain line per service every ten seconds, and each service's last line at the end.
final class FetchProgressDisplay: FetchProgress, @unchecked Sendable {
    enum Mode { case terminal, plain, quiet }

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

    private let mode: Mode
    private let verbose: Bool
    private let lock = NSLock()
    private var counts: [API: Counts] = [:]
    private var lastDrawn = ContinuousClock.now - .seconds(1)

    init(mode: Mode, verbose: Bool) {
        self.mode = mode
        self.verbose = verbose
    }

    static func forStandardError(quiet: Bool, verbose: Bool) -> FetchProgressDisplay {
        if quiet { return FetchProgressDisplay(mode: .quiet, verbose: false) }
        return FetchProgressDisplay(mode: isatty(STDERR_FILENO) == 1 ? .terminal : .plain, verbose: verbose)
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
            switch mode {
            case .terminal where now - lastDrawn > .milliseconds(100):
                lastDrawn = now
                write("\r\u{1B}[2K" + counts.keys.sorted().map { line($0) }.joined(separator: " | "))
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
        write(text + "\n")
    }

    func retried(_ api: API, reason: String, url: URL) {
        lock.withLock {
            counts[api, default: Counts()].retries += 1
            if verbose, mode != .quiet {
                write((mode == .terminal ? "\r\u{1B}[2K" : "") + InputText.escapingControls("retrying \(api.displayName) \(url.absoluteString): \(reason)") + "\n")
            }
            if mode == .plain { writePlainLine(api, now: ContinuousClock.now) }
        }
    }

    func waiting(_ message: String) {
        lock.withLock { if mode != .quiet { write(message + "\n") } }
    }

    func finish() {
        lock.withLock {
            switch mode {
            case .terminal: write("\r\u{1B}[2K")
            case .plain:
                for api in counts.keys.sorted() where line(api) != counts[api]!.lastPlainText { write(line(api) + "\n") }
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

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
