import Foundation

/// How a command shows its progress on standard error: on a terminal, one line redrawn in place
/// (and cleared before any other line); elsewhere (CI, a pipe), plain lines; with `--quiet`,
/// nothing. The build's and the fetch's displays both write through it.
struct StatusLine {
    enum Mode { case terminal, plain, quiet }

    let mode: Mode

    static func forStandardError(quiet: Bool) -> StatusLine {
        StatusLine(mode: quiet ? .quiet : isatty(STDERR_FILENO) == 1 ? .terminal : .plain)
    }

    /// Replaces the line in place (on a terminal).
    func redraw(_ text: String) {
        if mode == .terminal { write(Self.erase + text) }
    }

    /// Clears the redrawn line, before a summary or an error is printed.
    func erase() {
        if mode == .terminal { write(Self.erase) }
    }

    /// A line of its own (not with `--quiet`); on a terminal, in place of the redrawn one.
    func print(_ text: String) {
        guard mode != .quiet else { return }
        write((mode == .terminal ? Self.erase : "") + text + "\n")
    }

    /// Carriage return, then erase the whole line (ECMA-48 EL 2).
    private static let erase = "\r\u{1B}[2K"

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
