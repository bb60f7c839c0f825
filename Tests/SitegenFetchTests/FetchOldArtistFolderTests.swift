import Foundation
import SitegenCore
import XCTest
@testable import SitegenFetch

/// A site from before artist.getInfo answers had a folder of their own keeps them in
/// charts/artists/: fetch moves them to lastfm/artists/ rather than asking for them again.
final class FetchOldArtistFolderTests: FakeServicesTestCase {
    func testAnswersInTheOldFolderAreMovedNeverOverANewerOneAndNotAskedForAgain() async throws {
        let content = try FetchTestSupport.content(for: self)
        let (old, new) = (content.appendingPathComponent("charts/artists"), content.appendingPathComponent("lastfm/artists"))
        for folder in [old, new] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let hourAgo = Date().addingTimeInterval(-3600)
        func write(_ text: String, _ folder: URL, _ name: String, modified: Date = Date()) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: folder.appendingPathComponent(name).path)
        }
        let promise = #"{"artist":{"name":"Promise","mbid":"","url":"https://www.last.fm/music/Promise","image":[],"bio":{"summary":"Moved."}}}"#
        try write(promise, old, "promise.json")
        // Fetched into the new folder after the old copy was made: the newer answer stays.
        try write(#"{"error":6,"message":"old Tapeworm"}"#, old, "tapeworm.json", modified: hourAgo)
        try write(#"{"error":6,"message":"new Tapeworm"}"#, new, "tapeworm.json")
        // The old copy is the newer one here: it replaces the older.
        try write(#"{"error":6,"message":"old Night Bus"}"#, old, "night-bus.json")
        try write(#"{"error":6,"message":"new Night Bus"}"#, new, "night-bus.json", modified: hourAgo)
        let before = FetchTestSupport.files(content)

        let plan = try await FetchTestSupport.run(content, server: server, sections: [.events], dryRun: true)
        XCTAssertEqual(plan.notes, ["would move 3 Last.fm artist.getInfo answers from charts/artists/ to lastfm/artists/, their folder now"])
        XCTAssertEqual(FetchTestSupport.files(content), before, "a dry run moves nothing")

        let report = try await FetchTestSupport.run(content, server: server, sections: [.events])
        XCTAssertTrue(report.succeeded, "\(report.failures)")
        XCTAssertEqual(report.notes, ["moved 2 Last.fm artist.getInfo answers from charts/artists/ to lastfm/artists/, their folder now"])
        XCTAssertEqual(report.removed, ["charts/artists/tapeworm.json"])
        let files = FetchTestSupport.files(content)
        XCTAssertEqual(files["lastfm/artists/promise.json"], Data(promise.utf8))
        XCTAssertEqual(files["lastfm/artists/tapeworm.json"], Data(#"{"error":6,"message":"new Tapeworm"}"#.utf8))
        XCTAssertEqual(files["lastfm/artists/night-bus.json"], Data(#"{"error":6,"message":"old Night Bus"}"#.utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.path), "the emptied old folder is gone")
        let asked = server.seenKeys.filter { $0.contains("artist.getinfo") }
        XCTAssertEqual(asked, [FakeWorld.lastfm("artist=The Reels&format=json&method=artist.getinfo")], "only the one no folder had")
        XCTAssertNotNil(files["lastfm/artists/the-reels.json"], "written to the new folder")

        server.resetSeen()
        let again = try await FetchTestSupport.run(content, server: server, sections: [.events])
        XCTAssertTrue(again.notes.isEmpty && again.removed.isEmpty, "\(again.notes) \(again.removed)")
        XCTAssertFalse(server.seenKeys.contains { $0.contains("artist.getinfo") })
    }
}

/// A symbolic link could bring any file on the disk into the cache: fetch moves only plain
/// files out of a real old folder, says what it left, and asks for those answers as usual.
final class FetchOldArtistFolderLinkTests: FakeServicesTestCase {
    func testALinkedOldFolderOrLinkedFilesAreLeftWhereTheyAre() async throws {
        let outside = try temporaryFolder("outside")
        let answer = #"{"artist":{"name":"Promise","mbid":"","url":"https://www.last.fm/music/Promise","image":[],"bio":{"summary":"Outside."}}}"#
        try Data(answer.utf8).write(to: outside.appendingPathComponent("promise.json"))

        // The old folder itself is a link to a folder outside the cache.
        let content = try FetchTestSupport.content(for: self)
        try FileManager.default.createDirectory(at: content.appendingPathComponent("charts"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: content.appendingPathComponent("charts/artists"), withDestinationURL: outside)
        let report = try await FetchTestSupport.run(content, server: server, sections: [.events])
        XCTAssertTrue(report.notes.contains { $0.hasPrefix("left charts/artists/ as it is: it is a symbolic link") }, "\(report.notes)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside.appendingPathComponent("promise.json").path), "nothing moved out of the link")
        XCTAssertNotEqual(FetchTestSupport.files(content)["lastfm/artists/promise.json"], Data(answer.utf8))

        // A real old folder holding a link to a file outside: the link stays, the plain file moves.
        let second = try FetchTestSupport.content(for: self)
        let old = second.appendingPathComponent("charts/artists")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: old.appendingPathComponent("promise.json"), withDestinationURL: outside.appendingPathComponent("promise.json"))
        try Data(#"{"error":6,"message":"Tapeworm"}"#.utf8).write(to: old.appendingPathComponent("tapeworm.json"))
        server.resetSeen()
        let plan = try await FetchTestSupport.run(second, server: server, sections: [.events], dryRun: true)
        XCTAssertTrue(plan.notes.contains("would move 1 Last.fm artist.getInfo answers from charts/artists/ to lastfm/artists/, their folder now"), "\(plan.notes)")
        let moved = try await FetchTestSupport.run(second, server: server, sections: [.events])
        XCTAssertTrue(moved.notes.contains("left 1 entries of charts/artists/ that are not plain files (symbolic links, folders or devices) where they are"), "\(moved.notes)")
        XCTAssertNotNil(FetchTestSupport.files(second)["lastfm/artists/tapeworm.json"])
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: old.appendingPathComponent("promise.json").path)
        XCTAssertEqual(link, outside.appendingPathComponent("promise.json").path, "the link is where it was")
    }
}
