import Foundation

/// Runs work on up to `jobs` threads and returns results in input order, so parallel output is
/// byte-identical to a one-core run. Workers take the next index from a shared counter, so a
/// few slow items do not leave the other cores idle.
public enum Parallel {
    /// The number of cores, the default for `--jobs`.
    public static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Threads that walk folders and read files (source digests, news posts), for each of
    /// `--jobs`. Both are mostly waiting when the caches are cold: a file the page cache no
    /// longer holds comes from the disk, one small read at a time, and so do the inodes a walk
    /// stats. More requests in flight let the disk serve them together, so readers outnumber
    /// cores; past four a job, measured cold reads stopped gaining, and warm ones never
    /// depend on it (Benchmarks/HISTORY.md, the eleventh and twelfth rounds).
    public static let readersPerJob = 4

    /// When work fails with a `SitegenError` (a bad input), the other indexes still run, up to
    /// `reportedProblems` failures, and all of them are thrown as one error (`SitegenError.all`):
    /// a run lists every bad file, not just the first. Any other failure stops the workers taking
    /// new indexes, and the failure of the lowest index that ran is thrown. With work that cannot
    /// fail (`E == Never`), neither can the map.
    public static func map<T, E: Error>(_ count: Int, jobs: Int, _ work: @Sendable (Int) throws(E) -> T) throws(E) -> [T] {
        let results = ConcurrentSlots<T, E>(count: count, goOn: E.self == SitegenError.self ? reportedProblems : 1)
        let workers = min(max(1, jobs), count)
        if workers <= 1 {
            var values: [T] = []
            values.reserveCapacity(count)
            for index in 0..<count {
                guard !results.failed else { break }
                do throws(E) { values.append(try work(index)) } catch { results.fail(at: index, error) }
            }
            if let failure = results.failure { throw failure }
            return values
        }
        let next = Counter()
        withoutActuallyEscaping(work) { (work: @escaping @Sendable (Int) throws(E) -> T) in
            let drain: @Sendable () -> Void = {
                while true {
                    let index = next.take()
                    guard index < count, !results.failed else { return }
                    do throws(E) {
                        results[index] = try work(index)
                    } catch {
                        results.fail(at: index, error)
                    }
                }
            }
            // Threads of our own rather than DispatchQueue.concurrentPerform, whose width libdispatch
            // chooses (and which it runs serially when nested in another): --jobs is what counts.
            // A Thread keeps its block after it returns: the block reaches `work` only through
            // this box, emptied before `work` stops being valid.
            let box = DrainBox(drain)
            let group = DispatchGroup()
            for _ in 1..<workers {
                group.enter()
                let thread = Thread {
                    box.run()
                    group.leave()
                }
                thread.stackSize = 8 << 20   // templates and markdown recurse deeply on large pages
                thread.start()
            }
            drain()
            group.wait()
            box.empty()
        }
        if let failure = results.failure { throw failure }
        return results.values.map { slot in
            guard let value = slot else { preconditionFailure("every slot is filled when no work failed") }
            return value
        }
    }

    /// How many bad inputs one map reports before it stops: enough for every problem of a real
    /// cache, few enough that a template broken for every page does not print 400,000 lines.
    public static let reportedProblems = 100
}

/// Holds a worker loop for threads that may outlive it; see `Parallel.map`.
private final class DrainBox: @unchecked Sendable {
    private var drain: (@Sendable () -> Void)?
    private let lock = NSLock()

    init(_ drain: @escaping @Sendable () -> Void) { self.drain = drain }

    func run() { lock.withLock { drain }?() }

    func empty() { lock.withLock { drain = nil } }
}

/// Result slots written by concurrent workers, each to its own index.
final class ConcurrentSlots<Value, Failure: Error>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()
    private var failures: [(Int, Failure)] = []
    /// How many failures end the work.
    private let goOn: Int

    init(count: Int, goOn: Int) {
        storage = Array(repeating: nil, count: count)
        self.goOn = goOn
    }

    subscript(index: Int) -> Value? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    var values: [Value?] { lock.withLock { storage } }

    func fail(at index: Int, _ error: Failure) { lock.withLock { failures.append((index, error)) } }

    /// True when no more work should start.
    var failed: Bool { lock.withLock { failures.count >= goOn } }

    /// The failure of the lowest index, so the reported error does not depend on thread timing
    /// more than it must; for bad inputs, all of them as one error.
    var failure: Failure? {
        let sorted = lock.withLock { failures.sorted { $0.0 < $1.0 }.map(\.1) }
        if let problems = sorted as? [SitegenError], let all = SitegenError.all(problems) { return all as? Failure }
        return sorted.first
    }
}

/// The next index for a worker to take.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}
