import Foundation
import Testing
@testable import SitegenCharts

@Suite("The play-count filter in the visitor's hand")
struct ChartFilterTests {
    @Test("albums under the minimum are in the page behind <details>; every album page is linked")
    func hiddenAlbumsAndNoOrphans() throws {
        let site = try SampleSite.get().site
        let files = site.outputFiles().filter { $0.key.hasSuffix(".html") }.mapValues { String(decoding: $0, as: UTF8.self) }
        // Mara's minimum is 2 plays: some weeks have albums under it.
        let withHidden = files.filter { $0.key.hasPrefix("charts/deadhead-mara/") && $0.value.contains("<details class=\"chart-hidden\">") }
        #expect(!withHidden.isEmpty)
        for (path, html) in withHidden {
            #expect(html.contains(/<summary>Show \d+ albums? with fewer than 2 plays<\/summary>/), "\(path)")
            let hidden = try #require(html.firstMatch(of: /<details class="chart-hidden">(?s)(.*?)<\/details>/)).output.1
            #expect(hidden.contains("<li class=\"chart-row\" data-fav-card=\"album\">"), "\(path): the hidden albums themselves are there")
        }
        let albumPages = files.keys.filter { $0.contains("/albums/") }.map { String($0.dropLast("index.html".count)) }
        #expect(albumPages.count > 50)
        for album in albumPages {
            let linked = files.contains { path, html in !path.hasPrefix(album) && html.contains(album + "\"") }
            #expect(linked, "\(album) is linked from some page")
        }
    }
}

@Suite("The album chart")
struct AlbumChartTests {
    @Test("bars stand where their weeks are in time; the words are HTML, not SVG text")
    func timeTrue() throws {
        let week = 604_800
        let bars = [PlaysChartModel.Bar(from: 0, to: week, label: "a", plays: 10),
                    PlaysChartModel.Bar(from: week, to: 2 * week, label: "b", plays: 5),
                    PlaysChartModel.Bar(from: 99 * week, to: 100 * week, label: "c", plays: 10)]
        let chart = PlaysChartModel(bars, title: "t", yearStarts: [52 * week], language: TestLanguage.english)
        // Taller bars first, so a shorter neighbour is drawn in front of them.
        #expect(chart.bars.map(\.label) == ["a", "c", "b"])
        // The second week is next to the first; the third, 98 weeks later, at the right, its
        // bar inside the chart (time runs over the width less the narrowest bar).
        #expect(Dictionary(uniqueKeysWithValues: chart.bars.map { ($0.label, $0.x) }) == ["a": "0", "b": "6", "c": "591"])
        #expect(chart.years.map(\.x) == ["310.4"])
        let partial = try String(contentsOf: TestPaths.templates.appendingPathComponent("partials/charts/plays-chart.mustache"), encoding: .utf8)
        #expect(!partial.contains("<text"), "no SVG text to shrink on a phone")
    }

    @Test("the last weeks of a long span keep their own places")
    func lastWeeks() {
        let week = 604_800
        // 20 years: a week is less than a unit wide, and the last two weeks once both stood
        // at 597, the shorter hidden behind the taller.
        let bars = (0..<1040).map { PlaysChartModel.Bar(from: $0 * week, to: ($0 + 1) * week, label: String($0), plays: $0 == 1039 ? 17 : 6) }
        let chart = PlaysChartModel(bars, title: "t", yearStarts: [], language: TestLanguage.english)
        let x = Dictionary(uniqueKeysWithValues: chart.bars.map { (Int($0.label)!, Double($0.x)!) })
        #expect((1..<1040).allSatisfy { x[$0]! >= x[$0 - 1]! }, "time runs left to right")
        #expect(x[1039]! > x[1038]!, "the last week stands apart from the one before")
        #expect(chart.bars.allSatisfy { Double($0.x)! + Double($0.width)! <= 600 })
    }
}
