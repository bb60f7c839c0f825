import Foundation
import Sitegen
import SitegenCore
import XCTest
@testable import SitegenFetch

/// The fetch as a user runs it: the built `sitegen` binary, killed mid-way and run again, and a
/// build of what it fetched.
final class FetchEndToEndTests: FakeServicesTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testBuildRendersTheFetchedListenerCollectionAndCity() async throws {
        let content = try FetchTestSupport.content(for: self)
        let report = try await FetchTestSupport.run(content, server: server)
        XCTAssertTrue(report.succeeded, report.failures.description)
        let output = content.deletingLastPathComponent().appendingPathComponent("Output")
        let options = BuildOptions(content: content, templates: Self.repository.appendingPathComponent("Templates"), output: output,
                                   date: LocalDate(iso: "2026-11-22"), workingDirectory: content.deletingLastPathComponent())
        _ = try Sitegen.build(options)
        func page(_ path: String) throws -> String { try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8) }
        let listener = try page("charts/rj/index.html")
        XCTAssertTrue(listener.contains("Rita J"))
        XCTAssertTrue(listener.contains(#"<img class="avatar" src="../../images/lastfm/users/rj.png""#), "the fetched copy of the avatar")
        XCTAssertTrue(try page("charts/index.html").contains(#"<img class="avatar" src="../images/lastfm/users/rj.png""#))
        XCTAssertFalse(listener.contains(server.base), "nothing hot-links the image host")
        XCTAssertTrue(FileManager.default.fileExists(atPath: content.appendingPathComponent("static/images/lastfm/users/.rj.source").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("images/lastfm/users/.rj.source").path),
                       "fetch's record of the copy's URL is not published")
        XCTAssertTrue(try page("artists/moe/index.html").contains("Roseland Ballroom"))
        XCTAssertTrue(try page("recordings/moe2002-02-02.mtx/index.html").contains("The Palace"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("recordings/moe1999-07-04.aud").path),
                       "archive.org answered {} for it")
        let city = try page("events/london/index.html")
        XCTAssertTrue(city.contains("Promise") && city.contains("Night Bus"), "all three calendar pages are read")
    }

    /// The `sitegen` executable beside the test bundle.
    static var binary: URL? {
        let candidates = [Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("sitegen"),
                          Bundle.main.bundleURL.appendingPathComponent("sitegen"),
                          repository.appendingPathComponent(".build/debug/sitegen")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    func fetchProcess(_ content: URL) throws -> Process {
        let process = Process()
        process.executableURL = try XCTUnwrap(Self.binary, "swift build first: the test runs the sitegen executable")
        process.arguments = ["fetch", "--content", content.path, "--quiet", "--archive-url", server.archiveURL.absoluteString,
                             "--lastfm-url", server.lastfmURL.absoluteString, "--songkick-url", server.songkickURL.absoluteString]
        process.environment = ["LASTFM_API_KEY": FakeServices.lastfmKey, "SONGKICK_API_KEY": FakeServices.songkickKey, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }

    func testTheCommandWaitsForTheLockAsLongAsItsWaitOptionSays() throws {
        let content = try FetchTestSupport.content(for: self)
        let held = try ContentLock(for: content, as: .fetch)
        let process = try fetchProcess(content)
        process.arguments = process.arguments!.filter { $0 != "--quiet" } + ["--wait", "1"]
        let errors = Pipe()
        process.standardError = errors
        let started = ContinuousClock.now
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - started, .seconds(1))
        XCTAssertTrue(text.contains("waiting for a sitegen fetch (process \(getpid())) to finish with Content"), text)
        XCTAssertTrue(text.contains("Content is still locked by a sitegen fetch (process \(getpid())) after waiting 1 s"), text)
        XCTAssertEqual(server.seen.count, 0)
        withExtendedLifetime(held) {}
    }

    func testKillNineMidFetchLeavesWholeFilesAndTheNextFetchCompletesTheCache() async throws {
        let complete = try FetchTestSupport.content(for: self)
        _ = try await FetchTestSupport.run(complete, server: server)
        let expected = FetchTestSupport.files(complete)

        let content = try FetchTestSupport.content(for: self)
        server.resetSeen()
        server.slowEverything(0.1)
        let killed = try fetchProcess(content)
        try killed.run()
        let deadline = ContinuousClock.now + .seconds(30)
        while server.seen.count < 8, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        XCTAssertEqual(killed.terminationReason, .uncaughtSignal)
        let partial = FetchTestSupport.files(content)
        XCTAssertLessThan(partial.count, expected.count, "killed before the end")
        for (name, bytes) in partial where name.hasSuffix(".json") && !name.split(separator: "/").last!.hasPrefix(".") {
            XCTAssertNoThrow(try JSON.parse(bytes, file: name), "\(name) is whole")
        }

        server.slowEverything(0)
        let again = try fetchProcess(content)
        try again.run()
        again.waitUntilExit()
        XCTAssertEqual(again.terminationStatus, 0)
        XCTAssertEqual(FetchTestSupport.files(content), expected, "the second fetch completes the cache, leftovers removed")
    }
}
