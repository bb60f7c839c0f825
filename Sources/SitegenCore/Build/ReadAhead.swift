import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Asks the kernel for the files that pages will read when they render (`LazyModel.reads`: an
/// archive recording's item file, for its track list) a little before they render, from a thread
/// of its own. Rendering runs on as many threads as there are cores, and each of them would
/// otherwise stop for every such file the page cache no longer holds: at archive scale 200,000
/// small reads from the disk, one at a time per thread. The kernel reads the files it is asked
/// for in the background (`POSIX_FADV_WILLNEED`), many at once. Only `window` pages ahead of
/// rendering, so that what it reads is still cached when its page renders. Linux only, where
/// `posix_fadvise` is. The thread looks at the count of rendered pages every 2 ms when it is
/// ahead, rather than being woken: `advanced()` runs once for every page and stays an increment.
final class ReadAhead: @unchecked Sendable {
    #if os(Linux)
    static let isAvailable = true
    #else
    static let isAvailable = false
    #endif

    private let lock = NSLock()
    private var rendered = 0
    private var stopped = false
    private let done = DispatchGroup()

    /// Starts asking for the files of pages `0..<count`; `file(index)` names one page's, if any.
    init(count: Int, window: Int = 2_000, file: @escaping @Sendable (Int) -> String?) {
        done.enter()
        let thread = Thread { [self] in
            defer { done.leave() }
            var next = 0
            while next < count {
                let (limit, stop) = lock.withLock { (rendered + window, stopped) }
                if stop { return }
                if next >= limit {
                    usleep(2_000)
                    continue
                }
                if let path = file(next) { Self.ask(for: path) }
                next += 1
            }
        }
        thread.start()
    }

    /// One more page rendered. Thread-safe.
    func advanced() { lock.withLock { rendered += 1 } }

    /// Stops asking, and waits for the thread to stop.
    func stop() {
        lock.withLock { stopped = true }
        done.wait()
    }

    private static func ask(for path: String) {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_WILLNEED)
        close(descriptor)
        #endif
    }
}
