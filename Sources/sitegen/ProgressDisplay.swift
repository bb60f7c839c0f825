import Foundation
import SitegenCore

/// The build's progress on standard error. On a terminal: one line, redrawn in place at most ten
/// times a second (stage, pages done / total, pages per second). Elsewhere (CI, a pipe): a plain
/// line per stage (`StatusLine`). `--verbose` adds the engine's details; `--quiet` shows nothing.
final class ProgressDisplay: BuildProgress, @unchecked Sendable {
    private let status: StatusLine
    private let verbose: Bool
    private let lock = NSLock()
    private var stage = ""
    private var total = 0
    private var done = 0
    private var started = ContinuousClock.now
    private var lastDrawn = ContinuousClock.now

    private init(status: StatusLine, verbose: Bool) {
        self.status = status
        self.verbose = verbose
    }

    static func forStandardError(quiet: Bool, verbose: Bool) -> ProgressDisplay {
        ProgressDisplay(status: .forStandardError(quiet: quiet), verbose: verbose && !quiet)
    }

    func stageStarted(_ name: String, total: Int) {
        lock.withLock {
            stage = name
            self.total = total
            done = 0
            started = .now
            if status.mode == .terminal { draw() }
        }
    }

    func advanced(by count: Int) {
        lock.withLock {
            done += count
            guard status.mode == .terminal, ContinuousClock.now - lastDrawn > .milliseconds(100) else { return }
            draw()
        }
    }

    func stageFinished(_ name: String, seconds: Double) {
        lock.withLock {
            switch status.mode {
            case .terminal: status.erase()
            case .plain where verbose || total > 1000: status.print(String(format: "%@: %d in %.2f s", name, done, seconds))
            default: break
            }
        }
    }

    func detail(_ message: String) {
        guard verbose else { return }
        lock.withLock { status.print(message) }
    }

    /// Clears the progress line before the summary or an error is printed.
    func finish() {
        lock.withLock { status.erase() }
    }

    private func draw() {
        lastDrawn = .now
        let elapsed = ContinuousClock.now - started
        let seconds = elapsed.seconds
        var line = stage
        if total > 1 {
            line += " \(done)/\(total)"
            if seconds > 0.2 { line += String(format: " · %.0f/s", Double(done) / seconds) }
        }
        status.redraw(line)
    }
}
