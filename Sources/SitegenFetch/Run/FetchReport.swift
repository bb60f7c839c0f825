import Foundation
import SitegenCore

/// A request that failed for good: named without its key.
public struct FetchFailure: Sendable, Hashable, CustomStringConvertible {
    public var api: API
    public var url: String
    public var reason: String
    public var attempts: Int
    /// What was done about it: "nothing written; the cached file was kept", …
    public var action: String

    /// One line: the reason may quote a server's words, whose control characters are escaped
    /// so that they neither drive the terminal nor forge lines of their own.
    public var description: String {
        InputText.escapingControls("\(api.displayName) \(url): \(reason)\(attempts > 1 ? " (after \(attempts) tries)" : ""); \(action)")
    }
}

/// The outcome of a fetch: what became of every file, every failure, and what was skipped.
public struct FetchReport: Sendable {
    public var dispositions: [Disposition: Int] = [:]
    public var failures: [FetchFailure] = []
    /// One line per section left out (a missing key), or per thing that was not asked.
    public var notes: [String] = []
    /// Requests counted per service (sent, or planned in a dry run).
    public var requests: [API: Int] = [:]
    public var removed: [String] = []
    public var dryRun = false
    /// Requests not sent, or whose answers were dropped, because the fetch was stopped.
    public var stopped = 0
    /// Stopped while it waited for the content lock, before anything was asked.
    public var stoppedWaiting = false
    /// Whether the fetch was stopped (Ctrl-C) before it was done.
    public var wasStopped: Bool { stopped > 0 || stoppedWaiting }
    /// A dry run's requests it could not count: one line per place where the plan needs an answer
    /// that is not cached (a listing, a week list, a calendar page), naming what waits on it.
    public var uncounted: [String] = []

    public var succeeded: Bool { failures.isEmpty && !wasStopped }

    public func count(_ disposition: Disposition) -> Int { dispositions[disposition] ?? 0 }

    public var requestCount: Int { requests.values.reduce(0, +) }

    /// "fetch: 12 new, 3 changed, 40 unchanged, 0 failed · 55 requests (archive.org 20, Last.fm 35)"
    public func summary(seconds: Double) -> String {
        let perService = requests.keys.sorted().map { "\($0.displayName) \(requests[$0]!)" }.joined(separator: ", ")
        let services = perService.isEmpty ? "" : " (\(perService))"
        if dryRun { return planSummary(services) }
        if stoppedWaiting { return "fetch: stopped while waiting for the content lock; nothing was asked or written" }
        var text = "fetch: \(count(.new)) new, \(count(.changed)) changed, \(count(.unchanged)) unchanged, \(failures.count) failed"
        if count(.kept) > 0 { text += ", \(count(.kept)) kept (the service sent nothing better)" }
        if !removed.isEmpty { text += ", \(removed.count) removed" }
        if stopped > 0 { text += ", \(stopped) not fetched (stopped)" }
        return text + " · \(requestCount.counted("request"))\(services) · " + String(format: "%.1f s", seconds)
    }
}

extension FetchReport {
    /// A dry run's summary: the count, what it counts, and what cannot be known before answers come.
    func planSummary(_ services: String) -> String {
        var lines = [
            "plan: \(requestCount.counted("request"))\(services); nothing was sent.",
            "counted: what site.yml and the cache call for: each listener's profile, week list, friends and running week; "
                + "each collection's listing and each metro's calendar, page by page as far as the cache holds them; and the items, "
                + "weeks, albums, event details, headliners and images that cached answers name and the cache lacks.",
            "not counted: what fresh answers add (new items in a listing, events in a calendar, weeks in a week list)"
                + (uncounted.isEmpty ? "; every other request is known from the cache." : ", and what waits on answers not cached yet:"),
        ]
        lines += uncounted.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}

/// Collects the report from many tasks at once.
final class ReportRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var report: FetchReport

    init(dryRun: Bool) { report = FetchReport(dryRun: dryRun) }

    func record(_ disposition: Disposition) { lock.withLock { report.dispositions[disposition, default: 0] += 1 } }
    func fail(_ failure: FetchFailure) { lock.withLock { report.failures.append(failure) } }
    func note(_ line: String) { lock.withLock { report.notes.append(InputText.escapingControls(line)) } }
    func requested(_ api: API) { lock.withLock { report.requests[api, default: 0] += 1 } }
    func removed(_ path: String) { lock.withLock { report.removed.append(path) } }
    func uncounted(_ line: String) { lock.withLock { report.uncounted.append(line) } }
    func stopped() { lock.withLock { report.stopped += 1 } }
    /// A dry run's Last.fm answers that link an image and are not cached: their images are not counted.
    func awaitsImage() { lock.withLock { answersAwaitingImages += 1 } }
    var awaitingImages: Int { lock.withLock { answersAwaitingImages } }
    private var answersAwaitingImages = 0
    func skipped(_ api: API, because reason: String) {
        lock.withLock {
            skippedCounts[api, default: 0] += 1
            if skippedReasons[api] == nil { skippedReasons[api] = reason }
        }
    }
    private var skippedCounts: [API: Int] = [:]
    private var skippedReasons: [API: String] = [:]

    /// The disk the cache is on is full: the first failure to store says so, and no request
    /// after it is sent, since no answer could be kept (the others would only ask the
    /// services for nothing). True when this call was the first.
    func diskFull(_ failure: FetchFailure) -> Bool {
        lock.withLock {
            guard !full else { return false }
            full = true
            report.failures.append(failure)
            return true
        }
    }
    var isDiskFull: Bool { lock.withLock { full } }
    func notSentForFullDisk(_ count: Int) { lock.withLock { unsentForFullDisk += count } }
    private var full = false
    private var unsentForFullDisk = 0

    var result: FetchReport {
        lock.withLock {
            var result = report
            for api in skippedCounts.keys.sorted() {
                result.notes.append("\(api.displayName): \(skippedCounts[api]!) more requests not sent after \(skippedReasons[api]!)")
            }
            if unsentForFullDisk > 0 { result.notes.append("\(unsentForFullDisk.counted("more request")) not sent: the disk is full") }
            result.failures.sort { ($0.api, $0.url) < ($1.api, $1.url) }
            result.uncounted.sort()
            return result
        }
    }
}
