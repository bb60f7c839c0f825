import Foundation
import XCTest
import Sitegen
import SitegenCore
@testable import SitegenFetch

/// The pauses a fetch asked for, recorded instead of slept, so retry tests take no time.
final class SleepLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Duration] = []
    var sleeps: [Duration] { lock.withLock { items } }
    func sleep(_ duration: Duration) { lock.withLock { items.append(duration) } }
}

/// A silent display that counts what it is told.
final class CountingProgress: FetchProgress, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var retries = 0
    private var waits: [String] = []
    var waitMessages: [String] { lock.withLock { waits } }
    func planned(_ api: API, count: Int) {}
    func finished(_ api: API) {}
    func retried(_ api: API, reason: String, url: URL) { lock.withLock { retries += 1 } }
    func waiting(_ message: String) { lock.withLock { waits.append(message) } }
}

enum FetchTestSupport {
    /// A Content/ folder holding `siteYML`, inside a folder of its own that `test` removes when it ends.
    static func content(siteYML: String = FakeWorld.siteYML, for test: XCTestCase) throws -> URL {
        let folder = try test.temporaryFolder("fetch").appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try siteYML.write(to: folder.appendingPathComponent("site.yml"), atomically: true, encoding: .utf8)
        return folder
    }

    static func settings(_ content: URL) throws -> FetchSettings {
        let text = try String(contentsOf: content.appendingPathComponent("site.yml"), encoding: .utf8)
        let config = try SiteConfig.parse(text, file: "site.yml", sectionKeys: Set(SectionRegistry.all.map { $0.key }), warnings: WarningLog())
        return try FetchSettings(config, warnings: WarningLog())
    }

    static func run(_ content: URL, server: FakeServices, sleeps: SleepLog = SleepLog(), sections: Set<FetchSection> = Set(FetchSection.allCases),
                    dryRun: Bool = false, progress: any FetchProgress = CountingProgress(), lockWait: Duration = .zero,
                    baseURLs: [API: URL] = [:], adjust: (inout FetchSettings) -> Void = { _ in }) async throws -> FetchReport {
        var options = FetchOptions(content: content, product: "sitegen/test")
        options.baseURLs = [.archive: server.archiveURL, .lastfm: server.lastfmURL, .songkick: server.songkickURL]
            .merging(baseURLs) { _, given in given }
        options.keys = [.lastfm: FakeServices.lastfmKey, .songkick: FakeServices.songkickKey]
        options.now = { FakeWorld.now }
        options.retry = RetryPolicy(baseDelay: .milliseconds(1), random: { 0.5 })
        options.sleep = { sleeps.sleep($0) }
        options.sections = sections
        options.dryRun = dryRun
        options.lockWait = lockWait
        var settings = try settings(content)
        adjust(&settings)
        return try await FetchRun(options: options, settings: settings, userAgent: "sitegen/test (+https://fetched.example.org/)",
                                  progress: progress).run()
    }

    /// Every file under a folder, relative path → bytes.
    static func files(_ folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return result }
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = folder.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                result[relative] = FileManager.default.contents(atPath: path)
            }
        }
        return result
    }

    /// The 28 requests a first fetch of the fake world sends, without keys.
    static let firstRun: [String] = {
        let lastfm = [
            "format=json&method=user.getinfo&user=rj", "format=json&method=user.getweeklychartlist&user=rj",
            "format=json&limit=500&method=user.getfriends&user=rj",
            "format=json&mbid=\(FakeWorld.pupMBID)&method=album.getinfo", "format=json&mbid=\(FakeWorld.paramoreMBID)&method=album.getinfo",
            "album=Exposition I&artist=Nova Charisma&format=json&method=album.getinfo",
            "artist=Promise&format=json&method=artist.getinfo", "artist=Tapeworm&format=json&method=artist.getinfo",
            "artist=The Reels&format=json&method=artist.getinfo", "artist=Night Bus&format=json&method=artist.getinfo",
        ].map(FakeWorld.lastfm) + (FakeWorld.weeks + [FakeWorld.running]).map { FakeWorld.week($0.0, $0.1) }
        let songkick = (1...3).map { "/sk/metro_areas/24426/calendar.json?page=\($0)&per_page=50" } + (101...104).map { "/sk/events/\($0).json" }
        let archive = scrapePages + ["moe2001-01-01.sbd.flac16", "moe1999-07-04.aud", "moe2002-02-02.mtx"].map { "/ia/metadata/\($0)" }
        let images = ["/img/i/u/300x300/pup.png", "/img/i/u/300x300/promise.jpg", "/img/i/u/300x300/rj.png"]
        return (lastfm + songkick + archive + images).sorted()
    }()

    static let scrapePages = ["/ia/services/search/v1/scrape?" + FakeWorld.scrapeQuery,
                              "/ia/services/search/v1/scrape?" + FakeWorld.scrapeQuery.replacingOccurrences(of: "count=1000", with: "count=1000&cursor=\(FakeWorld.cursor)")]

    /// What can have changed: profile, week list, friends, the running week and the one that
    /// ended three days before `FakeWorld.now` (asked until a week after its end), calendars, listing.
    static let repeatRun: [String] = ([
        "format=json&method=user.getinfo&user=rj", "format=json&method=user.getweeklychartlist&user=rj",
        "format=json&limit=500&method=user.getfriends&user=rj",
    ].map(FakeWorld.lastfm) + [FakeWorld.week(FakeWorld.running.0, FakeWorld.running.1), FakeWorld.week(FakeWorld.weeks[1].0, FakeWorld.weeks[1].1)]
        + (1...3).map { "/sk/metro_areas/24426/calendar.json?page=\($0)&per_page=50" } + scrapePages).sorted()
}

/// A test case with the fake services running on 127.0.0.1, serving `FakeWorld`.
class FakeServicesTestCase: XCTestCase {
    var server: FakeServices!

    override func setUp() async throws {
        server = FakeServices()
        try await server.start()
        FakeWorld.install(on: server)
    }

    override func tearDown() async throws {
        await server.stop()
    }
}
