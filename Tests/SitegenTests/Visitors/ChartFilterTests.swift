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
    func timeTrue() {
        let week = 604_800
        let bars = [PlaysChartSVG.Bar(from: 0, to: week, label: "a", plays: 10),
                    PlaysChartSVG.Bar(from: week, to: 2 * week, label: "b", plays: 5),
                    PlaysChartSVG.Bar(from: 99 * week, to: 100 * week, label: "c", plays: 10)]
        let svg = PlaysChartSVG.make(bars, title: "t", yearStarts: [52 * week])
        let rects = svg.matches(of: /<rect x="([0-9.]+)"[^>]*><title>([a-z]):/).map { (String($0.output.2), Double($0.output.1)!) }
        // Taller bars first, so a shorter neighbour is drawn in front of them.
        #expect(rects.map(\.0) == ["a", "c", "b"])
        let xs = Dictionary(uniqueKeysWithValues: rects)
        // The second week is next to the first; the third, 98 weeks later, at the right, its
        // bar inside the chart (time runs over the width less the narrowest bar).
        #expect(xs == ["a": 0, "b": 6, "c": 591])
        #expect(svg.contains("<line class=\"year\" x1=\"310.4\""))
        #expect(!svg.contains("<text"), "no SVG text to shrink on a phone")
    }

    @Test("the last weeks of a long span keep their own places")
    func lastWeeks() {
        let week = 604_800
        // 20 years: a week is less than a unit wide, and the last two weeks once both stood
        // at 597, the shorter hidden behind the taller.
        let bars = (0..<1040).map { PlaysChartSVG.Bar(from: $0 * week, to: ($0 + 1) * week, label: "w", plays: $0 == 1039 ? 17 : 6) }
        let svg = PlaysChartSVG.make(bars, title: "t", yearStarts: [])
        let xs = svg.matches(of: /<rect x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"/).map { (Double($0.output.1)!, Double($0.output.2)!) }
        #expect(Set(xs.map(\.0)).count > 1000)
        #expect(xs.allSatisfy { $0.0 + $0.1 <= 600 })
    }
}
