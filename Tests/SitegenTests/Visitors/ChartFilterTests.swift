import Foundation
import Testing

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
            #expect(hidden.contains("<li class=\"chart-row\">"), "\(path): the hidden albums themselves are there")
        }
        let albumPages = files.keys.filter { $0.contains("/albums/") }.map { String($0.dropLast("index.html".count)) }
        #expect(albumPages.count > 50)
        for album in albumPages {
            let linked = files.contains { path, html in !path.hasPrefix(album) && html.contains(album + "\"") }
            #expect(linked, "\(album) is linked from some page")
        }
    }
}
