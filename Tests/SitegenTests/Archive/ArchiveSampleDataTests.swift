import Foundation
import SitegenCore
import Testing
@testable import SitegenArchive

/// The sample in Content/archive/ (written by Scripts/sample/archive.py) holds what the issue
/// asks for, and loads with only the warnings its deliberate quirks should give.
@Suite("Archive sample data")
struct ArchiveSampleDataTests {
    static let content = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Content").standardized

    func load() throws -> (ArchiveCatalog, [String]) {
        let warnings = WarningLog()
        let context = LoadContext(contentDirectory: Self.content, contentName: "Content", config: SiteConfig(),
                                  clock: BuildClock(today: LocalDate(year: 2026, month: 11, day: 22)!, timeZone: TimeZone(identifier: "UTC")!),
                                  includeDrafts: false, warnings: warnings)
        let section = try #require(try ArchiveSection.load(context))
        return (section.catalog, warnings.sorted.map(\.description))
    }

    @Test("sizes and the cases the sample must show")
    func coverage() throws {
        let (catalog, _) = try load()
        let recordings = catalog.concerts.flatMap(\.recordings)
        #expect(catalog.artists.count >= 3)
        #expect(catalog.concerts.count >= 30)
        #expect(recordings.count >= 80)
        #expect(catalog.concerts.filter { $0.recordings.count >= 5 }.count >= 3)
        #expect(Set(recordings.map(\.type)) == Set(RecordingType.allCases))
        #expect(recordings.contains { $0.streamOnly })
        #expect(catalog.concerts.contains { !$0.date.isComplete && $0.date.year != nil })
        #expect(catalog.concerts.contains { $0.slug.hasSuffix("-2") })
        #expect(recordings.contains { $0.reviews.contains { $0.body.contains("second set") } })
        #expect(!(catalog.byMonthDay["11-22"] ?? []).isEmpty)
    }

    @Test("only the deliberate quirks warn")
    func warnings() throws {
        let (_, warnings) = try load()
        #expect(warnings.count == 5, "\(warnings.joined(separator: "\n"))")
        #expect(warnings.contains { $0.contains("gd1977-05-08.sbd.hicks.4982.sbeok.shnf.json: warning: archive.org returned an empty body") })
        #expect(warnings.contains { $0.contains("moe.fall.tour.night.three.aud.flac16: date '2004-20-11' had month and day swapped") })
        #expect(warnings.contains { $0.contains("date '2009-09-31' has no valid day") })
        #expect(warnings.contains { $0.contains("date '1966-00-00' has unknown parts") })
        #expect(warnings.contains { $0.contains("gd77-05-08.sbd.hicks.4982.sbeok.shnf: date '0000-00-00 00:00:00' read as 1977-05-08") })
    }
}
