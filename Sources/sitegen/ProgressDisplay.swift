import Foundation
import SitegenCore

/// The build's progress on standard error. On a terminal: one line, redrawn in place at most ten
/// times a second (stage, pages done / total, pages per second). Elsewhere (CI, a pipe): a plain
/// line per stage. `--verbose` adds the engine's details; `--quiet` shows nothing.
final class ProgressDisplay: BuildProgress, @unchecked Sendable {
    enum Mode { case terminal, plain, quiet }

    private let mode: Mode
    private let verbose: Bool
    private let lock = NSLock()
    private var stage = ""
    private var total = 0
    private var done = 0
    private var started = ContinuousClock.now
    private var lastDrawn = ContinuousClock.now

    init(mode: Mode, verbose: Bool) {
        self.mode = mode
        self.verbose = verbose
    }

    static func forStandardError(quiet: Bool, verbose: Bool) -> ProgressDisplay {
        if quiet { return ProgressDisplay(mode: .quiet, verbose: false) }
        return ProgressDisplay(mode: isatty(STDERR_FILENO) == 1 ? .terminal : .plain, verbose: verbose)
    }

    func stageStarted(_ name: String, total: Int) {
        lock.withLock {
            stage = name
            self.total = total
            done = 0
            started = .now
            if mode == .terminal { draw() }
        }
    }

    func advanced(by count: Int) {
        lock.withLock {
            done += count
            guard mode == .terminal, ContinuousClock.now - lastDrawn > .milliseconds(100) else { return }
            draw()
        }
    }

    func stageFinished(_ name: String, seconds: Double) {
        lock.withLock {
            switch mode {
            case .terminal: write("\r\u{1B}[2K")
            case .plain where verbose || total > 1000: write(String(format: "%@: %d in %.2f s\n", name, done, seconds))
            default: break
            }
        }
    }

    func detail(_ message: String) {
        guard verbose, mode != .quiet else { return }
        lock.withLock { write((mode == .terminal ? "\r\u{1B}[2K" : "") + message + "\n") }
    }

    /// Clears the progress line before the summary or an error is printed.
    func finish() {
        if mode == .terminal { lock.withLock { write("\r\u{1B}[2K") } }
    }

    private func draw() {
        lastDrawn = .now
        let elapsed = ContinuousClock.now - started
        let seconds = elapsed.seconds
        var line = "\r\u{1B}[2K\(stage)"
        if total > 1 {
            line += " \(done)/\(total)"
            if seconds > 0.2 { line += String(format: " · %.0f/s", Double(done) / seconds) }
        }
        write(line)
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
