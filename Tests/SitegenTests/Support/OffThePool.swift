import Foundation

/// Runs a test's long blocking work (whole builds, many of them) on a thread of its own. Swift
/// Testing runs tests on Swift's cooperative pool, one thread per core: a test that blocks one
/// for minutes starves every async test meanwhile, and the preview server the serve tests run in
/// this process stops answering them (their requests timed out after 60 s in a full run). The
/// work stays in the test's task, on an executor it prefers, so an #expect there is reported
/// under the test's name.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withTaskExecutorPreference(OwnThreadExecutor()) { try work() }
}

/// A task executor whose jobs run one after another on a serial queue: a thread outside the
/// cooperative pool.
final class OwnThreadExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "sitegen-tests.off-the-pool")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
