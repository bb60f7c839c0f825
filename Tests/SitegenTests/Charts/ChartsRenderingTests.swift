import Foundation
import SitegenCore
import Testing
@testable import SitegenCharts

@Suite("Charts pages rendered")
struct ChartsRenderingTests {
    @Test("golden: a year page with a chart (ties, hidden count, movement, links)")
    func goldenYear() throws {
        let (section, context) = try YearsAgoTests.section()
        let html = try PageRendering.render("charts/ybsc/1-years-ago/", in: section.pages(context))
        try Golden.check(html, against: "charts/year.html")
    }

    @Test("golden: an empty-state page and a not-cached page")
    func goldenEmpty() throws {
        let (section, context) = try YearsAgoTests.section()
        let pages = section.pages(context)
        try Golden.check(try PageRendering.render("charts/ybsc/3-years-ago/", in: pages), against: "charts/empty.html")
        try Golden.check(try PageRendering.render("charts/ybsc/2-years-ago/", in: pages), against: "charts/not-cached.html")
    }

    @Test("a <script> album name is escaped on the year, week and album pages and in the SVG")
    func escaping() throws {
        let content = try ChartsContent([
            "charts/ybsc/user.json": try ChartsContent.fixture("userinfo-2020"),
            "charts/ybsc/weeks/1593950400-1594555200.json": try ChartsContent.fixture("weeklyalbumchart-script"),
        ])
        let loadContext = try content.context(today: LocalDate(year: 2021, month: 7, day: 8)!)
        let section = try #require(try ChartsSection.load(loadContext))
        let pages = section.pages(PageContext(config: loadContext.config, clock: loadContext.clock))
        let album = try #require(pages.first { $0.path.value.contains("/albums/") })
        for path in ["charts/ybsc/1-years-ago/", "charts/ybsc/weeks/1593950400/", album.path.value] {
            let html = try PageRendering.render(path, in: pages)
            #expect(!html.contains("<script>alert"), "\(path)")
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(path)")
        }
        #expect(!album.path.value.contains("<"))
    }

    @Test("the home block: 1 year ago and the year with the most plays, per listener")
    func homeBlock() throws {
        let (section, context) = try YearsAgoTests.section()
        let block = try #require(section.homeBlock(context))
        let weekLater = PageContext(config: context.config, clock: BuildClock(today: LocalDate(year: 2026, month: 11, day: 29)!,
                                                                              timeZone: context.clock.timeZone))
        #expect(try ModelFingerprint.of(#require(section.homeBlock(weekLater)).model) != ModelFingerprint.of(block.model),
                "a week later, one year ago is another week: the block's model holds the date's choice")
        let html = try PageRendering.renderPartial("partials/charts/home", model: block.model)
        #expect(html.contains("1 year ago"))
        #expect(html.contains("Live at The Electric Ballroom"))
        let model = try #require(block.model as? ChartsHomeModel)
        #expect(model.listeners.first?.items.count == 1, "1 year ago is also the most played year here")
    }

    @Test("covers: width, height, lazy loading and alt; a placeholder when there is no cover")
    func covers() throws {
        var files: [String: String] = [
            "charts/ybsc/user.json": try ChartsContent.fixture("userinfo-2020"),
            "charts/ybsc/weeks/1593950400-1594555200.json": try ChartsContent.fixture("weeklyalbumchart-2020"),
        ]
        files["charts/albums/5b1f2c7e-9b0a-4c1e-8d0a-3f3c2e7a9d11.json"] = try ChartsContent.fixture("albuminfo-partial")
        let loadContext = try ChartsContent(files).context(today: LocalDate(year: 2021, month: 7, day: 8)!)
        let section = try #require(try ChartsSection.load(loadContext))
        let html = try PageRendering.render("charts/ybsc/weeks/1593950400/", in: section.pages(PageContext(config: loadContext.config, clock: loadContext.clock)))
        #expect(html.contains("<img class=\"cover\" src=\"https://lastfm.freetls.fastly.net/i/u/64s/0f1e2d3c4b5a69788796a5b4c3d2e1f0.jpg\" width=\"56\" height=\"56\" alt=\"Cover of Honeymoon by Beach Bunny\">"), "third row: above the fold, so not lazy")
        #expect(html.components(separatedBy: "cover cover-none").count - 1 == 7)
    }
}
