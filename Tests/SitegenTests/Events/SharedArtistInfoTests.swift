import Foundation
import SitegenCore
import Testing

/// Headliners' Last.fm details come from the shared folder Content/lastfm/artists/: the event
/// pages depend on it, and a site that still keeps them in the old charts folder is told so.
@Suite("Events: shared Last.fm artist info")
struct SharedArtistInfoTests {
    /// Golden Owls headline it; the sample has their artist.getInfo answer.
    static let eventPage = "events/london/41426128/index.html"
    static let bio = "slow-burning folk rock"

    /// London's sample calendar, with Golden Owls' answer at `artistFile`.
    static func site(artistFile: String) throws -> TemporarySite {
        var files = ["Content/site.yml": "title: T\nbase_url: https://example.org/\ntime_zone: UTC\n"
            + "events:\n  metros:\n    - {id: 24426, name: London, slug: london}\n"]
        let calendars = TestPaths.content.appendingPathComponent("events/24426")
        for name in try FileManager.default.contentsOfDirectory(atPath: calendars.path) where name.hasSuffix(".json") {
            files["Content/events/24426/" + name] = try String(contentsOf: calendars.appendingPathComponent(name), encoding: .utf8)
        }
        files[artistFile] = try String(contentsOf: TestPaths.content.appendingPathComponent("lastfm/artists/golden-owls.json"), encoding: .utf8)
        return try TemporarySite(files)
    }

    @Test func anEditInTheSharedFolderRerendersTheEventPage() throws {
        let site = try Self.site(artistFile: "Content/lastfm/artists/golden-owls.json")
        defer { site.delete() }
        try site.build()
        #expect(site.read(Self.eventPage)?.contains(Self.bio) == true)

        let file = "Content/lastfm/artists/golden-owls.json"
        let text = try String(contentsOf: site.root.appendingPathComponent(file), encoding: .utf8)
        try site.write(text.replacingOccurrences(of: "slow-burning", with: "fast-burning"), to: file)
        let report = try site.build()
        #expect(report.reusedSections.contains("events") == false)
        #expect(report.written.contains(Self.eventPage))
        #expect(!report.written.contains("events/london/index.html"), "the city page shows no bio")
        #expect(site.read(Self.eventPage)?.contains("fast-burning folk rock") == true)
        try IncrementalBuildTests.expectSameAsClean(site)
    }

    @Test func theOldFolderIsNamedInAWarningOnEveryBuildUntilItsFilesAreMoved() throws {
        let site = try Self.site(artistFile: "Content/charts/artists/golden-owls.json")
        defer { site.delete() }
        let warning = "Content/charts/artists/: warning: Last.fm artist.getInfo answers are read from Content/lastfm/artists/ now, "
            + "not from Content/charts/artists/: headliners get no picture or bio from the file there until moved (`sitegen fetch` moves them)"
        let first = try site.build()
        #expect(first.warnings.map(\.description).filter { $0.contains("artists") } == [warning])
        #expect(site.read(Self.eventPage)?.contains(Self.bio) == false)
        for (path, bytes) in site.outputFiles() {
            #expect(!String(decoding: bytes, as: UTF8.self).contains("charts/artists"), "an operator hint on \(path)")
        }
        let unchanged = try site.build()
        #expect(unchanged.reusedSections.contains("events"))
        #expect(unchanged.warnings.map(\.description).filter { $0.contains("artists") } == [warning], "repeated by the kept section")

        let moved = site.content.appendingPathComponent("lastfm/artists")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: site.content.appendingPathComponent("charts/artists"), to: moved)
        let after = try site.build()
        #expect(!after.warnings.contains { $0.description.contains("artists") })
        #expect(after.written.contains(Self.eventPage))
        #expect(site.read(Self.eventPage)?.contains(Self.bio) == true)
        try IncrementalBuildTests.expectSameAsClean(site)
    }
}
