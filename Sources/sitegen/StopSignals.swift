import Dispatch
import Foundation
import SitegenCore

/// Calls `firstStop` on the first SIGINT or SIGTERM instead of ending the process; a second one
/// ends it at once (status 130). Keep the returned sources for as long as the handling holds.
func onStopSignals(_ firstStop: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
    let asked = NSLock()
    nonisolated(unsafe) var count = 0
    return ([SIGINT, SIGTERM] as [Int32]).map { number in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
            let seen = asked.withLock { count += 1; return count }
            if seen > 1 { Foundation.exit(130) }
            firstStop()
        }
        source.resume()
        return source
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
    let stops = stopMessage.map { message in onStopSignals { printError(message); task.cancel() } } ?? []
    done.wait()
    for source in stops { source.cancel() }
    return try result!.get()
}

func waitFor(_ work: @escaping @Sendable () async -> Void) {
    try? waitFor { () async throws(SitegenError) in await work() }
}
