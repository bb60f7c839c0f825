import Foundation
@testable import SitegenCore

/// A throw-away Content/ folder for a section's loader tests, and the `LoadContext` a build
/// gives a section: the one core of `ArchiveFixtureSite`, `ChartsContent` and
/// `EventsFixtureSite`, which add their section's fixtures, settings and load calls.
struct FixtureContent {
    let content: URL
    /// The temporary folder this value made around `content`, which `remove` deletes; nil for a
    /// folder it was given, which it never deletes.
    private let madeHere: URL?

    /// `files`: path under Content/ → bytes. The folder exists even with no file.
    init(_ name: String, files: [String: Data]) throws {
        let folder = TemporaryFolder.path(name)
        madeHere = folder
        content = folder.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            let target = content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target)
        }
    }

    /// Another look at a folder made elsewhere (another load of the same files).
    init(content: URL) {
        self.content = content
        madeHere = nil
    }

    /// A real-format answer, `Fixtures/<folder>/<name>.json`.
    static func fixture(_ folder: String, _ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/\(folder)/\(name)", withExtension: "json") else {
            throw SitegenError("missing fixture \(folder)/\(name).json")
        }
        return url
    }

    /// The files of `layout` (path under Content/ → fixture name) read from `Fixtures/<folder>/`.
    static func fixtures(_ folder: String, _ layout: [String: String]) throws -> [String: Data] {
        try layout.mapValues { try Data(contentsOf: fixture(folder, $0)) }
    }

    /// What a build of this folder on `today` in `zone` would give a section's `load`.
    func context(config: SiteConfig, today: LocalDate = LocalDate(year: 2026, month: 11, day: 22)!, zone: String = "UTC",
                 warnings: WarningLog) throws -> LoadContext {
        guard let timeZone = TimeZone(identifier: zone) else { throw SitegenError("no time zone \(zone)") }
        return LoadContext(contentDirectory: content, contentName: "Content", config: config,
                           clock: BuildClock(today: today, timeZone: timeZone), includeDrafts: false, warnings: warnings)
    }

    func remove() {
        if let madeHere { try? FileManager.default.removeItem(at: madeHere) }
    }
}
