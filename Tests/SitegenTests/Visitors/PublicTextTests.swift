import Foundation
import Testing

/// What the operator needs (API keys, cache paths, "fetch it again") goes to the build's
/// warnings; no page a visitor can open shows it.
@Suite("Public text")
struct PublicTextTests {
    static let operatorText: [(String, String)] = [
        ("api_key", "an API key parameter"), ("YOUR_API_KEY", "an API key placeholder"),
        ("Content/", "a path into the content folder"),
    ]

    @Test("no file of the sample site shows operator text, and the build warns instead")
    func sampleSiteHasNoOperatorText() throws {
        let sample = try SampleSite.get()
        let site = sample.site
        let files = site.outputFiles().filter { !$0.key.hasPrefix("assets/") && !$0.key.hasPrefix(".") }
        #expect(files.count > 500)
        for (path, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            for (needle, what) in Self.operatorText {
                #expect(!text.contains(needle), "\(path) shows \(what)")
            }
            // A file path ending in .json ("weeks/1-2.json"); "application/ld+json" is a media type, not a path,
            // and the name a favourites export is saved under is the visitor's own file.
            let shown = text.replacing(/data-exported="[^"]*"/, with: "")
            if let match = shown.firstMatch(of: /[A-Za-z0-9_\/.-]*[A-Za-z0-9_-]\.json\b/) {
                Issue.record("\(path) shows a JSON file path: \(shown[match.range])")
            }
        }
        // The sample has a week cached as an error body and a listed week that is not cached:
        // both pages speak to visitors, and both have a warning that says what to fetch.
        let notCached = try #require(site.read("charts/vinyl-jonas/4-years-ago/index.html"))
        #expect(notCached.contains("This week’s chart could not be loaded"))
        #expect(notCached.contains("href=\"../../../charts/vinyl-jonas/weeks/"), "links to the neighbouring cached weeks")
        let error = try #require(site.read("charts/deadhead-mara/5-years-ago/index.html"))
        #expect(error.contains("This week’s chart could not be loaded"))
        let warnings = sample.warnings
        #expect(warnings.contains { $0.contains("vinyl_jonas/weeks/1668945600-1669550400.json") && $0.contains("user=vinyl_jonas&from=1668945600&to=1669550400&api_key=YOUR_API_KEY") })
        #expect(warnings.contains { $0.contains("deadhead_mara/weeks/1637496000-1638100800.json") && $0.contains("Last.fm error 8") })
    }
}
