import Foundation
import SitegenCore

/// One fetch: plans each section's requests from the settings and the cache, sends them through
/// the `Fetcher`, and stores the answers through the `CacheWriter`.
public final class FetchRun: Sendable {
    let options: FetchOptions
    let settings: FetchSettings
    let writer: CacheWriter
    let fetcher: Fetcher
    let recorder: ReportRecorder
    let progress: any FetchProgress

    public init(options: FetchOptions, settings: FetchSettings, userAgent: String, progress: any FetchProgress) {
        self.options = options
        self.settings = settings
        self.progress = progress
        writer = CacheWriter(content: options.content)
        recorder = ReportRecorder(dryRun: options.dryRun)
        var policy = options.retry
        policy.attempts = settings.attempts
        let width = settings.limits.values.map(\.concurrency).max() ?? 2
        fetcher = Fetcher(transport: HTTPTransport(timeout: settings.timeoutSeconds, userAgent: userAgent, connectionsPerHost: width,
                                                        maxBodyBytes: settings.maxFileBytes),
                          limits: settings.limits, keys: options.keys, policy: policy, sleep: options.sleep,
                          now: options.now, progress: progress, dryRun: options.dryRun)
    }

    func base(_ api: API) -> URL { options.baseURLs[api] ?? api.defaultBaseURL }

    /// Runs every section asked for, side by side (they ask different services), under the content lock.
    /// Cancelling the task stops it: requests not yet answered are dropped, every file already
    /// stored stays, and the report counts what was left (`FetchReport.stopped`).
    public func run() async throws(SitegenError) -> FetchReport {
        let lock: ContentLock
        do {
            lock = try await ContentLock.waiting(for: options.content, as: .fetch, upTo: options.lockWait) { progress.waiting($0) }
        } catch {
            // Stopped while waiting for another fetch or a build: nothing was asked or written.
            guard Task.isCancelled else { throw error }
            var report = recorder.result
            report.stoppedWaiting = true
            return report
        }
        defer { withExtendedLifetime(lock) {} }
        if !options.dryRun {
            writer.removeLeftovers(under: ["archive", "charts", "events", LastFMArtistFiles.folder, ImagesPlan.folder.joined(separator: "/")])
        }
        moveOldArtistFiles()
        let sections = options.sections
        await withTaskGroup(of: Void.self) { group in
            if sections.contains(.archive) { group.addTask { await self.fetchArchive() } }
            if sections.contains(.charts) { group.addTask { await self.fetchCharts() } }
            if sections.contains(.events) { group.addTask { await self.fetchEvents() } }
        }
        // The images are those the Last.fm answers link, so they come after them.
        if sections.contains(.images) { await fetchImages() }
        return recorder.result
    }

    /// Sends requests a few at a time (the gates hold each service to its limits) and stores each
    /// answer; true for each request whose answer is now in the cache (good or "not found").
    @discardableResult
    func perform(_ requests: [FetchRequest]) async -> [Bool] {
        guard !requests.isEmpty else { return [] }
        progress.planned(requests[0].api, count: requests.count)
        let width = settings.limits[requests[0].api]?.concurrency ?? 1
        let queue = WorkQueue(count: requests.count)
        var results = Array(repeating: false, count: requests.count)
        await withTaskGroup(of: [(Int, Bool)].self) { group in
            for _ in 0..<min(width, requests.count) {
                group.addTask {
                    var done: [(Int, Bool)] = []
                    while let index = await queue.next() {
                        if self.recorder.isDiskFull {
                            self.recorder.notSentForFullDisk(1)
                            continue
                        }
                        done.append((index, await self.performOne(requests[index])))
                    }
                    return done
                }
            }
            for await done in group { for (index, stored) in done { results[index] = stored } }
        }
        return results
    }

    func performOne(_ request: FetchRequest) async -> Bool {
        defer { progress.finished(request.api) }
        if options.dryRun, case .lastfm(let root) = request.expects, ImagesPlan.roots.contains(root), !writer.exists(request.file) {
            recorder.awaitsImage()
        }
        let outcome = await fetcher.fetch(request)
        switch outcome {
        case .skipped, .stopped: break
        default: recorder.requested(request.api)
        }
        do throws(SitegenError) {
            switch outcome {
            case .notSent:
                return false
            case .stopped:
                recorder.stopped()
                return false
            case .skipped(let reason):
                recorder.skipped(request.api, because: reason)
                return false
            case .good(let body):
                if request.firstOfListing,
                   let reason = EmptiedListing.reason(body, request: request, writer: writer, content: options.content, now: options.now()) {
                    recorder.fail(FetchFailure(api: request.api, url: request.url.absoluteString, reason: reason, attempts: 1,
                                               action: "nothing written; the cached listing was kept"))
                    return false
                }
                recorder.record(try writer.store(body, good: true, at: request.file, expects: request.expects))
                // An image is asked for only when its copy is missing or of another URL: a marker of this name is old.
                if case .image = request.expects { remove(ImagesPlan.missingMarker(request.file)) }
            case .notFound(let body):
                if case .image = request.expects {
                    // An image the host no longer has: an empty marker, so it is not asked again;
                    // a copy of this name is of the URL the answer linked before.
                    recorder.record(try writer.store(Data(), good: true, at: ImagesPlan.missingMarker(request.file), expects: .image))
                    remove(request.file)
                } else {
                    recorder.record(try writer.store(body, good: false, at: request.file, expects: request.expects))
                }
            case .failed(let reason, let attempts):
                let kept = writer.exists(request.file)
                recorder.fail(FetchFailure(api: request.api, url: request.url.absoluteString, reason: reason, attempts: attempts,
                                           action: kept ? "nothing written; the cached file was kept" : "nothing written"))
                return false
            }
            return true
        } catch {
            if Self.isDiskFull(error) {
                // One failure for the disk, not one for every answer that came meanwhile.
                if !recorder.diskFull(FetchFailure(api: request.api, url: request.url.absoluteString, reason: error.message, attempts: 1,
                                                   action: "the answer could not be stored; no more requests are sent (free some space "
                                                       + "and fetch again: it asks only for what is missing)")) {
                    recorder.notSentForFullDisk(1)
                }
                return false
            }
            recorder.fail(FetchFailure(api: request.api, url: request.url.absoluteString, reason: error.message, attempts: 1,
                                       action: "the answer could not be stored"))
            return false
        }
    }

    func remove(_ path: CachePath) {
        guard !options.dryRun, writer.exists(path) else { return }
        do throws(SitegenError) {
            try writer.remove(path)
            recorder.removed(path.description)
        } catch {
            recorder.note(error.message)
        }
    }
}
