import Foundation
import Testing
@testable import SitegenCore
@testable import SitegenEvents

/// A throw-away Content/ folder made of events fixtures (`FixtureContent`), loaded the way a
/// build loads it.
struct EventsFixtureSite {
    let folder: FixtureContent
    let warnings = WarningLog()
    var content: URL { folder.content }

    /// `files`: path under Content/ → fixture name in Fixtures/events (without ".json").
    init(_ files: [String: String]) throws {
        folder = try FixtureContent("events", files: try FixtureContent.fixtures("events", files))
    }

    /// Another load of the same folder, with a warning log of its own.
    init(content: URL) { folder = FixtureContent(content: content) }

    func config(_ yaml: String, baseURL: String = "https://example.org/music/", zone: String = "UTC") throws -> SiteConfig {
        let text = "title: Test\nbase_url: \(baseURL)\ntime_zone: \(zone)\n" + yaml
        return try SiteConfig.parse(text, file: "site.yml", sectionKeys: [EventsSection.key], warnings: warnings).english
    }

    func load(today: String, yaml: String = "", zone: String = "UTC") throws -> (EventsSection?, PageContext) {
        let config = try config(yaml, zone: zone)
        let context = try folder.context(config: config, today: try #require(LocalDate(iso: today)), zone: zone, warnings: warnings)
        return (try EventsSection.load(context), PageContext(config: config, clock: context.clock))
    }

    /// The warnings as text, for `contains` checks.
    var warningText: [String] { warnings.sorted.map(\.description) }

    func remove() { folder.remove() }
}

extension EventsSection {
    /// The first metro's events by id.
    func event(_ id: Int, metro: Int = 0) -> Event? { metros[metro].events.first { $0.id == id } }
}

extension Page {
    var eventsText: String? { if case .text(let text) = body { return text } else { return nil } }
    func eventsModel<T>(_ type: T.Type) -> T? { if case .template(_, let model) = body { return model as? T } else { return nil } }
}
