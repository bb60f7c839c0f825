import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command to its end and returns its exit status, output and errors. Both pipes are
/// read at once (a command that fills one while the test waits on the other would never end),
/// and a command still running after `limit` seconds is killed, so a hang fails the test
/// instead of stopping the run.
enum CapturedRun {
    struct Outcome {
        /// The exit status, or the signal's number when a signal ended the command.
        var status: Int32
        var output: String
        var errors: String
    }

    static func run(_ executable: URL, _ arguments: [String], in folder: URL? = nil, limit: Double = 300) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = Collected()
        let reading = DispatchGroup()
        let errorHandle = err.fileHandleForReading
        DispatchQueue.global().async(group: reading) { errors.set(errorHandle.readDataToEndOfFile()) }
        let child = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(child, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        watchdog.cancel()
        var errorText = String(decoding: errors.get(), as: UTF8.self)
        if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
            errorText += "\n[killed: still running after \(limit) s]"
        }
        return Outcome(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self), errors: errorText)
    }

    /// Bytes one thread reads and another takes.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ value: Data) { lock.withLock { data = value } }
        func get() -> Data { lock.withLock { data } }
    }
}

/// The sitegen executable as users run it.
enum SitegenCommand {
    /// Runs sitegen with `arguments` in `folder`; `via` is a command that runs it (`setpriv …`).
    static func run(_ arguments: [String], in folder: URL, via: [String] = []) throws -> (status: Int32, output: String, errors: String) {
        let executable = via.first.map { URL(fileURLWithPath: $0) } ?? TestPaths.executable
        let all = via.dropFirst() + (via.isEmpty ? [] : [TestPaths.executable.path]) + arguments
        let run = try CapturedRun.run(executable, Array(all), in: folder)
        return (run.status, run.output, run.errors)
    }
}
