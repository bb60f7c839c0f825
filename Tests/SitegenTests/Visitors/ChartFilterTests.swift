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
        let xs = svg.matches(of: /<rect x="([0-9.]+)"/).compactMap { Double($0.output.1) }
        #expect(xs.count == 3)
        // The second week is next to the first; the third, 98 weeks later, at the far right.
        #expect(xs[0] == 0 && xs[1] == 6 && xs[2] == 594)
        #expect(svg.contains("<line class=\"year\" x1=\"312\""))
        #expect(!svg.contains("<text"), "no SVG text to shrink on a phone")
    }
}
