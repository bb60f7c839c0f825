import ArgumentParser
import Foundation
import Sitegen
import SitegenCore
import SitegenFetch

struct Fetch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fill and refresh Content/ from archive.org, Last.fm and Songkick, as site.yml lists.",
        discussion: """
        Keys come from the environment: LASTFM_API_KEY (charts, and headliner details for events) and \
        SONGKICK_API_KEY (events); archive.org needs none. A section whose key is missing is skipped.
        Ctrl-C stops it: every file already stored stays, and the summary says how many requests were left (a second Ctrl-C stops at once).
        Exit status: 0 when everything was fetched or is cached already, 1 when anything failed for good, 2 on bad usage, 130 when stopped.
        """
    )

    @Option(help: "The content folder to fill (site.yml is read from it).")
    var content = "Content"

    @Option(help: "Only these sections, comma-separated: archive, charts, events, images.")
    var only: String?

    @Flag(name: .customLong("dry-run"), help: "Print the requests known before any answer (from site.yml and the cache) and what waits on answers; send none.")
    var dryRun = false

    @Option(help: "The most requests open at once to one service (default: site.yml's fetch settings, else 2).")
    var jobs: Int?

    @Option(name: .customLong("archive-url"), help: "archive.org's base URL, for a mirror or a test server (default https://archive.org/).")
    var archiveURL: String?

    @Option(name: .customLong("lastfm-url"), help: "Last.fm's API base URL (default https://ws.audioscrobbler.com/2.0/).")
    var lastfmURL: String?

    @Option(name: .customLong("songkick-url"), help: "Songkick's API base URL (default https://api.songkick.com/api/3.0/).")
    var songkickURL: String?

    @Option(help: "Seconds to wait for another fetch or a build of the content folder to finish (0: stop at once).")
    var wait = 600

    @Flag(name: .shortAndLong, help: "Print only failures and the summary's failures.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print every retry.")
    var verbose = false

    func validate() throws {
        if let jobs, jobs < 1 || jobs > 16 { throw ValidationError("--jobs expects a number from 1 to 16, got \(jobs)") }
        if wait < 0 || wait > 86_400 { throw ValidationError("--wait expects seconds from 0 to 86400, got \(wait)") }
        _ = try sections()
        _ = try baseURLs()
    }

    func sections() throws -> Set<FetchSection> {
        guard let only else { return Set(FetchSection.allCases) }
        var result: Set<FetchSection> = []
        for name in only.split(separator: ",") {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let section = FetchSection(rawValue: trimmed) else {
                throw ValidationError("--only expects archive, charts, events or images (comma-separated), got '\(trimmed)'")
            }
            result.insert(section)
        }
        return result
    }

    func baseURLs() throws -> [API: URL] {
        var result: [API: URL] = [:]
        for (api, text, option) in [(API.archive, archiveURL, "--archive-url"), (.lastfm, lastfmURL, "--lastfm-url"),
                                    (.songkick, songkickURL, "--songkick-url")] {
            guard let text else { continue }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                throw ValidationError("\(option) expects an http(s) URL, got '\(text)'")
            }
            result[api] = text.hasSuffix("/") ? url : URL(string: text + "/")!
        }
        return result
    }

    func run() throws {
        unblockStopSignals()
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let folder = URL(fileURLWithPath: content, relativeTo: here).standardizedFileURL
        let warnings = WarningLog()
        let config: SiteConfig
        var settings: FetchSettings
        if let missing = SiteFolders.contentProblem(folder, named: content) {
            printError(missing.commandLineText)
            throw ExitCode(1)
        }
        do {
            config = try SiteConfig.load(folder.appendingPathComponent("site.yml"), displayPath: content + "/site.yml",
                                         sectionKeys: Set(SectionRegistry.all.map { $0.key }), warnings: warnings)
            settings = try FetchSettings(config, warnings: warnings)
        } catch {
            printError(error.commandLineText)
            throw ExitCode(1)
        }
        for warning in warnings.sorted { printError(warning.description) }
        if let jobs { for api in API.allCases { settings.limits[api]?.concurrency = jobs } }

        var options = FetchOptions(content: folder, product: "sitegen/\(Sitegen.version)")
        options.sections = try sections()
        options.dryRun = dryRun
        options.lockWait = .seconds(wait)
        options.baseURLs = try baseURLs()
        let environment = ProcessInfo.processInfo.environment
        for (api, name) in [(API.lastfm, "LASTFM_API_KEY"), (.songkick, "SONGKICK_API_KEY")] {
            if let key = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty { options.keys[api] = key }
        }
        let userAgent = "\(options.product) (+\(config.baseURL))"
        let progress = FetchProgressDisplay.forStandardError(quiet: quiet || dryRun, verbose: verbose)
        let run = FetchRun(options: options, settings: settings, userAgent: userAgent, progress: progress)
        let started = ContinuousClock.now
        let stopping = "Stopping: requests under way are dropped, stored files stay. Ctrl-C again stops at once."
        let outcome = Result { () throws(SitegenError) in
            try waitFor(cancelOnStop: dryRun ? nil : stopping) { () async throws(SitegenError) in try await run.run() }
        }
        progress.finish()
        let report: FetchReport
        switch outcome {
        case .success(let value): report = value
        case .failure(let error):
            printError(error.commandLineText)
            throw ExitCode(1)
        }
        let elapsed = ContinuousClock.now - started
        let seconds = elapsed.seconds
        for note in report.notes where !quiet { printError(note) }
        for failure in report.failures { printError("failed: \(failure)") }
        if !quiet || !report.succeeded { FileHandle.standardOutput.write(Data((report.summary(seconds: seconds) + "\n").utf8)) }
        if report.wasStopped { throw ExitCode(130) }
        if !report.succeeded { throw ExitCode(1) }
    }
}
