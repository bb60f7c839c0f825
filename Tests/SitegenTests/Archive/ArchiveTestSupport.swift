import Foundation
import SitegenCore
@testable import SitegenArchive

/// A throw-away Content/ folder made of archive fixtures (`FixtureContent`), and a section
/// loaded from it.
struct ArchiveFixtureSite {
    let folder: FixtureContent
    let warnings = WarningLog()
    var content: URL { folder.content }

    /// `layout` maps paths under Content/ ("archive/GratefulDead/search-1.json") to fixture names.
    init(_ layout: [String: String]) throws {
        folder = try FixtureContent("archive", files: try FixtureContent.fixtures("archive", layout))
    }

    static func fixture(_ name: String) -> URL {
        // Every caller names a fixture that is there: a missing one is a mistake in the test.
        try! FixtureContent.fixture("archive", name)
    }

    func context(settings: String? = nil) throws -> LoadContext {
        var config = SiteConfig()
        if let settings {
            config = try SiteConfig.parse("title: t\n" + settings, file: "site.yml", sectionKeys: ["archive"], warnings: warnings)
        }
        return try folder.context(config: config.english, warnings: warnings)
    }

    func load(settings: String? = nil) throws -> ArchiveSection? {
        try ArchiveSection.load(context(settings: settings))
    }

    var warningTexts: [String] { warnings.sorted.map(\.description) }

    /// The standard small site: two Grateful Dead search envelopes (advancedsearch and scrape,
    /// two pages each), item files with every quirk, a `{}` item, and a legacy Phish item.
    static let standard: [String: String] = [
        "archive/GratefulDead/search-1.json": "search-advanced",
        "archive/GratefulDead/search-2.json": "search-advanced-2",
        "archive/GratefulDead/search-3.json": "search-scrape-1",
        "archive/GratefulDead/search-4.json": "search-scrape-2",
        "archive/GratefulDead/items/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644.json": "item-stream-only",
        "archive/GratefulDead/items/gd1997-xx-xx.swapped.fm.1.flac16.json": "item-quirks",
        "archive/GratefulDead/items/gd1966-xx-xx.sbd.studio.81259.flac16.json": "item-partial-date",
        "archive/GratefulDead/items/gd77-05-08.sbd.hicks.4982.sbeok.shnf.json": "item-zeroed-date",
        "archive/GratefulDead/items/gd1977-05-08.sbd.hicks.4982.sbeok.shnf.json": "empty-item",
        "archive/Phish/items/ph1997-11-22.sbd.flac16.json": "item-legacy",
        "archive/moe/items/moe.x.invalid.flac16.json": "item-invalid-date",
    ]
}

extension ArchiveCatalog {
    func recording(_ identifier: String) -> Recording? {
        concerts.lazy.flatMap(\.recordings).first { $0.identifier == identifier }
    }

    func artist(_ collection: String) -> Artist? { artists.first { $0.collection == collection } }
}
