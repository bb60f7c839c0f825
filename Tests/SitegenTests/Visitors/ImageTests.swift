import Foundation
import Testing

@Suite("Images")
struct ImageTests {
    @Test("template images have width and height; the first screenful loads at once, the rest lazily")
    func dimensionsAndLazyLoading() throws {
        let site = try SampleSite.get().site
        var count = 0
        for (path, data) in site.outputFiles() where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            // Images in posts are libcmark's (`<img … />`): their size is not known here.
            for match in html.matches(of: /<img [^>]*[^\/]>/) {
                let tag = String(match.output)
                count += 1
                #expect(tag.contains(" width=\"") && tag.contains(" height=\""), "\(path): \(tag)")
            }
        }
        #expect(count > 1000)
        let week = try #require(site.read("charts/deadhead-mara/1-years-ago/index.html"))
        let covers = week.matches(of: /<img class="cover" [^>]*>/).map { String($0.output) }
        #expect(covers.count > 5)
        #expect(covers.prefix(3).allSatisfy { !$0.contains("loading=\"lazy\"") }, "the first rows are above the fold")
        #expect(covers.dropFirst(3).allSatisfy { $0.contains("loading=\"lazy\"") })
    }

    @Test("a failed cover or photo is drawn as the placeholder, not the broken-image glyph")
    func brokenImageFallback() throws {
        let charts = try String(contentsOf: TestPaths.templates.appendingPathComponent("assets/css/charts.css"), encoding: .utf8)
        #expect(charts.contains("img.cover::after, img.avatar::after { content: \"\"; position: absolute; inset: 0;"))
        let events = try String(contentsOf: TestPaths.templates.appendingPathComponent("assets/css/events.css"), encoding: .utf8)
        #expect(events.contains(".ev-artist img::after { content: \"\"; position: absolute; inset: 0;"))
    }
}
