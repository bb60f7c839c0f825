import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command as a process of its own and reports what only the kernel knows of it: its
/// exit status (or the signal that ended it), its peak resident memory and its wall time, from
/// `wait4`. Output goes to /dev/null. A process still running after `limit` seconds is killed,
/// so a hang fails the test instead of stopping the run.
enum ChildRun {
    struct Outcome {
        /// The exit status; nil when a signal ended the process (a trap, or the time limit).
        var status: Int32?
        var signal: Int32?
        var peakBytes: Int
        var seconds: Double
    }

    static func run(_ executable: URL, _ arguments: [String], limit: Double) throws -> Outcome {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        let child = pid
        let watchdog = DispatchWorkItem { kill(child, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) == -1, errno == EINTR {}
        watchdog.cancel()
        let seconds = Date().timeIntervalSince(started)
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7F
        return Outcome(status: signal == 0 ? (status >> 8) & 0xFF : nil, signal: signal == 0 ? nil : signal,
                       peakBytes: usage.ru_maxrss * 1024, seconds: seconds)
    }
}
