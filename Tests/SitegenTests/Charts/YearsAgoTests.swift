import Foundation
@testable import SitegenCore
import Testing
@testable import SitegenCharts

@Suite("This week N years ago")
struct YearsAgoTests {
    /// A listener registered 2008-01-11 with weeks around 22 November of 2023...2025 cached in
    /// part: 2025 has a chart, 2024 is listed but not cached, 2023 is an empty week.
    /// `registeredAfter2024`: the listener joined after the listed, uncached 2024 week instead.
    static func section(registeredAfter2024: Bool = false, warnings: WarningLog? = nil) throws -> (ChartsSection, PageContext) {
        let zone = TimeZone(identifier: "UTC")!
        func week(containing date: LocalDate) -> ChartWeek {
            let instant = date.daysSinceEpoch * 86_400
            let from = 1_108_296_000 + (instant - 1_108_296_000) / 604_800 * 604_800
            return ChartWeek(from: from, to: from + 604_800)!
        }
        let w2025 = week(containing: LocalDate(year: 2025, month: 11, day: 22)!)
        let w2024 = week(containing: LocalDate(year: 2024, month: 11, day: 22)!)
        let w2023 = week(containing: LocalDate(year: 2023, month: 11, day: 22)!)
        let before2025 = ChartWeek(from: w2025.from - 604_800, to: w2025.from)!
        let list = [w2023, w2024, before2025, w2025].map { "{\"#text\":\"\",\"from\":\"\($0.from)\",\"to\":\"\($0.to)\"}" }.joined(separator: ",")
        let chart2020 = try ChartsContent.fixture("weeklyalbumchart-2020")
        let joined = w2024.to + 86_400
        let files: [String: String] = [
            "charts/ybsc/user.json": registeredAfter2024
                ? "{\"user\":{\"name\":\"ybsc\",\"registered\":{\"unixtime\":\"\(joined)\",\"#text\":\(joined)}}}"
                : try ChartsContent.fixture("userinfo-2020"),
            "charts/ybsc/weeklychartlist.json": "{\"weeklychartlist\":{\"chart\":[\(list)],\"@attr\":{\"user\":\"ybsc\"}}}",
            "charts/ybsc/weeks/\(w2025.fileName)": chart2020,
            "charts/ybsc/weeks/\(before2025.fileName)": try ChartsContent.fixture("weeklyalbumchart-single"),
            "charts/ybsc/weeks/\(w2023.fileName)": try ChartsContent.fixture("weeklyalbumchart-empty"),
        ]
        let content = try ChartsContent(files)
        let context = try content.context(siteYAML: "charts:\n  min_plays: 10\n", warnings: warnings ?? WarningLog())
        let section = try #require(try ChartsSection.load(context))
        return (section, PageContext(config: context.config, clock: BuildClock(today: LocalDate(year: 2026, month: 11, day: 22)!, timeZone: zone)))
    }

    @Test("every N back to the oldest cached week gets a state; uncached and empty weeks are told apart")
    func states() throws {
        let (section, context) = try Self.section()
        let charts = try #require(section.listeners.first)
        let years = YearsAgo.all(today: context.clock.today, zone: context.config.timeZone, charts: charts, limit: nil)
        #expect(years.map(\.years) == [1, 2, 3])
        guard case .chart(let week) = years[0].state else { Issue.record("1 year ago should have a chart"); return }
        #expect(week.entries.count == 8)
        guard case .notCached = years[1].state else { Issue.record("2 years ago is listed but not cached"); return }
        guard case .chart(let empty) = years[2].state, empty.entries.isEmpty else { Issue.record("3 years ago is an empty week"); return }
        #expect(years.map(\.hasData) == [true, false, true])
        #expect(years.map(\.hasAlbums) == [true, false, false])
        #expect(YearsAgo.all(today: context.clock.today, zone: context.config.timeZone, charts: charts, limit: 2).count == 2)
    }

    @Test("year pages: hidden count, movement against the previous cached week, links only to years with albums")
    func yearPages() throws {
        let (section, context) = try Self.section()
        let pages = section.pages(context)
        let year1 = try #require(pages.first { $0.path.value == "charts/ybsc/1-years-ago/" })
        guard case .template(let name, let model) = year1.body, let view = model as? ChartsYearPageModel else {
            Issue.record("1 year ago is a template page"); return
        }
        #expect(name == "charts/year")
        let chart = try #require(view.chart)
        #expect(chart.rows.map(\.album) == ["Live at The Electric Ballroom", "After Laughter", "Honeymoon", "Young Enough", "Punisher", "color theory", "Saint Cloud"])
        #expect(chart.rows[5].standing == "=6" && chart.rows[6].standing == "=6")
        #expect(chart.hiddenText == "Show 1 album with fewer than 10 plays")
        #expect(chart.hiddenRows.count == 1, "the album under the minimum is in the page, behind a control")
        #expect(chart.rows.map { $0.movement?.kind } == Array(repeating: "new", count: 7))
        #expect(view.previous == nil, "2 years ago has no chart, 3 years ago no plays: neither is linked")
        #expect(view.next == nil)

        let year2 = try #require(pages.first { $0.path.value == "charts/ybsc/2-years-ago/" })
        guard case .template(_, let model2) = year2.body, let notCached = model2 as? ChartsYearPageModel else { return }
        #expect(notCached.chart == nil)
        #expect(notCached.notice?.kind == "unavailable")
        #expect(notCached.notice?.unavailable == true)
        #expect(notCached.notice?.olderWeek?.href.hasPrefix("charts/ybsc/weeks/") == true, "points at the cached week before it")

        let year3 = try #require(pages.first { $0.path.value == "charts/ybsc/3-years-ago/" })
        guard case .template(_, let model3) = year3.body, let empty = model3 as? ChartsYearPageModel else { return }
        #expect(empty.notice?.kind == "empty")
        #expect(empty.next?.href == "charts/ybsc/1-years-ago/")
    }

    /// A page's fingerprint is its model's (or what its lazy model knows) with its inputs: a
    /// week later, the permanent pages are the same and the pages of "N years ago" are not.
    @Test("permanent week and album pages do not depend on the build date")
    func permanentPages() throws {
        let (section, context) = try Self.section()
        let later = PageContext(config: context.config, clock: BuildClock(today: LocalDate(year: 2026, month: 11, day: 29)!,
                                                                          timeZone: context.clock.timeZone))
        func fingerprints(_ context: PageContext) throws -> [String: String] {
            try Dictionary(uniqueKeysWithValues: section.pages(context).map { page in
                (page.path.value, try page.fingerprintedModel.map(ModelFingerprint.of) ?? "")
            })
        }
        let (now, weekLater) = (try fingerprints(context), try fingerprints(later))
        let permanent = section.pages(context).filter { $0.path.value.contains("/weeks/") || $0.path.value.contains("/albums/") }
        #expect(permanent.count == 3 + 9)
        #expect(permanent.allSatisfy { now[$0.path.value] == weekLater[$0.path.value] })
        let dated = ["charts/", "charts/ybsc/", "charts/ybsc/1-years-ago/"]
        #expect(dated.allSatisfy { now[$0] != nil && now[$0] != weekLater[$0] }, "the week one year ago is another week")
    }

    @Test("a listed week not cached that ended before the listener joined is empty, not missing")
    func beforeJoining() throws {
        let warnings = WarningLog()
        let (section, context) = try Self.section(registeredAfter2024: true, warnings: warnings)
        let charts = try #require(section.listeners.first)
        let years = YearsAgo.all(today: context.clock.today, zone: context.config.timeZone, charts: charts, limit: nil)
        guard case .beforeRegistration = years[1].state else { Issue.record("2 years ago ended before joining"); return }
        #expect(!warnings.sorted.contains { $0.description.contains("not cached") }, "\(warnings.sorted)")
        let pages = section.pages(context)
        let year2 = try #require(pages.first { $0.path.value == "charts/ybsc/2-years-ago/" })
        guard case .template(_, let model) = year2.body, let view = model as? ChartsYearPageModel else { return }
        #expect(view.notice?.kind == "empty")
        #expect(view.notice?.joinedISO != nil)
    }
}
