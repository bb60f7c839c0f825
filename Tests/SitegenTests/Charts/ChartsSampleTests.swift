import Foundation
import SitegenCore
import Testing
@testable import SitegenCharts

@Suite("Charts sample data")
struct ChartsSampleTests {
    @Test("the sample cache loads with exactly the warnings it was made to give")
    func sampleLoads() throws {
        let warnings = WarningLog()
        let config = SiteConfig(timeZone: TimeZone(identifier: "UTC")!).english
        let context = LoadContext(contentDirectory: TestPaths.content, contentName: "Content", config: config,
                                  clock: BuildClock(today: LocalDate(year: 2026, month: 11, day: 22)!, timeZone: config.timeZone),
                                  includeDrafts: false, warnings: warnings)
        let section = try #require(try ChartsSection.load(context))
        #expect(section.listeners.map(\.listener.user) == ["deadhead_mara", "tapehead77", "vinyl_jonas"])
        let messages = warnings.sorted.map(\.description)
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.contains { $0.contains("Last.fm error 8") })
        #expect(messages.contains { $0.contains("4 years ago is listed by Last.fm but not cached") && $0.contains("api_key=YOUR_API_KEY") })
        let pages = section.pages(PageContext(config: config, clock: context.clock))
        #expect(pages.count > 100)
        #expect(Set(pages.map(\.path)).count == pages.count, "paths are unique")
        print("charts sample: \(pages.count) pages")
    }
}
