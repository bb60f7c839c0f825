import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenEvents

/// A throw-away Content/ folder made of events fixtures, loaded the way a build loads it.
struct EventsFixtureSite {
    let content: URL
    let warnings = WarningLog()

    /// `files`: path under Content/ → fixture name in Fixtures/events (without ".json").
    init(_ files: [String: String]) throws {
        content = TemporaryFolder.path("events")
        for (path, fixture) in files {
            let target = content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: try Self.fixture(fixture)).write(to: target)
        }
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    }

    /// Another load of the same folder, with a warning log of its own.
    init(content: URL) { self.content = content }

    static func fixture(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures/events/\(name)", withExtension: "json"), "missing fixture \(name)")
    }

    func config(_ yaml: String, baseURL: String = "https://example.org/music/", zone: String = "UTC") throws -> SiteConfig {
        let text = "title: Test\nbase_url: \(baseURL)\ntime_zone: \(zone)\n" + yaml
        return try SiteConfig.parse(text, file: "site.yml", sectionKeys: [EventsSection.key], warnings: warnings).english
    }

    func load(today: String, yaml: String = "", zone: String = "UTC") throws -> (EventsSection?, PageContext) {
        let config = try config(yaml, zone: zone)
        let clock = BuildClock(today: try #require(LocalDate(iso: today)), timeZone: try #require(TimeZone(identifier: zone)))
        let context = LoadContext(contentDirectory: content, contentName: "Content", config: config, clock: clock,
                                  includeDrafts: false, warnings: warnings)
        return (try EventsSection.load(context), PageContext(config: config, clock: clock))
    }

    /// The warnings as text, for `contains` checks.
    var warningText: [String] { warnings.sorted.map(\.description) }

    func remove() { try? FileManager.default.removeItem(at: content) }
}

extension EventsSection {
    /// The first metro's events by id.
    func event(_ id: Int, metro: Int = 0) -> Event? { metros[metro].events.first { $0.id == id } }
}

extension Page {
    var eventsText: String? { if case .text(let text) = body { return text } else { return nil } }
    func eventsModel<T>(_ type: T.Type) -> T? { if case .template(_, let model) = body { return model as? T } else { return nil } }
}
