import Foundation

/// A reader that never returns would hold the test run until CI's limit, naming nothing: the
/// watchdog, a thread of its own, writes the input being read for over `limit` seconds to a
/// file and stops the process with its path.
final class HangWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var input = Data()
    private var since = Date()
    private var stopped = false

    init(target: String, limit: TimeInterval = 30) {
        Thread.detachNewThread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 1)
                let (input, since, stopped) = lock.withLock { (self.input, self.since, self.stopped) }
                if stopped { return }
                if Date().timeIntervalSince(since) > limit {
                    let file = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-fuzz-hang-\(target).bin")
                    try? input.write(to: file)
                    fatalError("fuzzing \(target): one input read for over \(limit) s; it is in \(file.path)")
                }
            }
        }
    }

    func reading(_ data: Data) { lock.withLock { input = data; since = Date() } }
    func stop() { lock.withLock { stopped = true } }
}
