import Dispatch
import Foundation
import SitegenCore

/// The pipe's end the signal handler writes to. Set before the handler is installed and left
/// open while it is, so the handler reads a settled value.
nonisolated(unsafe) private var stopSignalWriteEnd: Int32 = -1

/// Calls `firstStop` on the first SIGINT or SIGTERM instead of ending the process; a second one
/// ends it at once (status 130). Keep it for as long as the handling holds; `cancel()` gives the
/// signals back their default.
///
/// The handler is in place when `init` returns, so a Ctrl-C the moment after "Watching" is not
/// lost: a dispatch signal source is only armed later, on its queue, and one sent before that
/// went unseen. The handler only writes a byte to a pipe (about all a signal handler may safely
/// do); the byte waits there until the dispatch source reading the pipe runs `firstStop`.
final class StopSignals: @unchecked Sendable {
    private static let numbers: [Int32] = [SIGINT, SIGTERM]
    private let reading: any DispatchSourceRead

    init(_ firstStop: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { fatalError("sitegen: no pipe for the stop signals (errno \(errno))") }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        let counted = NSLock()
        nonisolated(unsafe) var count = 0
        reading = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .global())
        reading.setEventHandler {
            var bytes = [UInt8](repeating: 0, count: 8)
            let read = Foundation.read(readEnd, &bytes, bytes.count)
            for _ in 0..<max(read, 0) {
                let seen = counted.withLock { count += 1; return count }
                if seen > 1 { Foundation.exit(130) }
                firstStop()
            }
        }
        reading.setCancelHandler { close(readEnd); close(writeEnd) }
        reading.resume()
        stopSignalWriteEnd = writeEnd
        for number in Self.numbers {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                var byte: UInt8 = 1
                _ = write(stopSignalWriteEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_RESTART)
            sigaction(number, &action, nil)
        }
    }

    func cancel() {
        for number in Self.numbers { signal(number, SIG_DFL) }
        reading.cancel()
    }
}

/// Runs async work from synchronous code on a thread that is not one of Swift's cooperative
/// ones (the main thread): it blocks until the work ends. With `stopMessage`, the first Ctrl-C
/// prints it and cancels the work, which then ends as it sees fit; a second ends the process.
func waitFor<T>(cancelOnStop stopMessage: String? = nil,
                _ work: @escaping @Sendable () async throws(SitegenError) -> T) throws(SitegenError) -> T {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<T, SitegenError>?
    let task = Task {
        do throws(SitegenError) { result = .success(try await work()) } catch { result = .failure(error) }
        done.signal()
    }
    let stops = stopMessage.map { message in StopSignals { printError(message); task.cancel() } }
    done.wait()
    stops?.cancel()
    return try result!.get()
}

func waitFor(_ work: @escaping @Sendable () async -> Void) {
    try? waitFor { () async throws(SitegenError) in await work() }
}
