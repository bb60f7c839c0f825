import Foundation

/// Runs a test's long blocking work (whole builds, many of them) on a thread of its own. Swift
/// Testing runs tests on Swift's cooperative pool, one thread per core: a test that blocks one
/// for minutes starves every async test meanwhile, and the preview server the serve tests run in
/// this process stops answering them (their requests timed out after 60 s in a full run). An
/// #expect that fails there fails the run, reported without the test's name (the thread does
/// not carry the test's context).
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await onThread { Result { try work() } }.get()
}
