import Foundation
import Mustache
import SitegenCore
import Testing
@testable import SitegenArchive

/// Golden HTML for the archive's templates, and escaping of hostile data, with the repository's
/// real templates. Run with SITEGEN_UPDATE_GOLDEN=1 to rewrite the golden files.
@Suite("Archive rendering")
struct ArchiveRenderTests {
    func pages(_ layout: [String: String] = ArchiveFixtureSite.standard) throws -> [Page] {
        let site = try ArchiveFixtureSite(layout)
        let section = try #require(try site.load())
        return section.pages(PageContext(config: SiteConfig().english, clock: try site.context().clock))
    }

    @Test("golden: a concert cell with four tiles and +N")
    func concertCell() throws {
        let site = try ArchiveFixtureSite(ArchiveFixtureSite.standard)
        let catalog = try #require(try site.load()).catalog
        var concert = try #require(catalog.concerts.first { $0.slug == "1990-04-03" })
        // Five recordings: the cell shows four and "+1".
        concert.recordings += catalog.concerts.filter { $0.slug.hasPrefix("1970-02-14") }.flatMap(\.recordings)
        #expect(concert.recordings.count == 5)
        let cell = ConcertCellModel(concert, artist: catalog.artists[concert.artistIndex],
                                    links: ArchiveLinks(recordingSlugs: catalog.recordingSlugs, language: TestLanguage.english))
        #expect(cell.tiles.count == 4)
        #expect(cell.more == "+1")
        // The type filter matches a cell by all its recordings, the one behind "+1" too.
        let families = cell.families.split(separator: " ").map(String.init)
        #expect(Set(families) == Set(concert.recordings.map { $0.type.family.cssName }))
        #expect(families.contains(concert.recordings[4].type.family.cssName))
        #expect(families == RecordingType.allCases.map(\.cssName).filter(families.contains), "in the types' order")
        let renderer = Renderer(templates: PageRendering.templates, config: SiteConfig().english, navigation: [], generator: "test")
        let html = try renderer.renderFragment("partials/archive/concert-cell", model: cell, at: .page("artists", "grateful-dead"))
        try Golden.check(html, against: "archive/concert-cell.html")
    }

    @Test("golden: a concert page (recording selector)")
    func concertPage() throws {
        let html = try PageRendering.render("artists/grateful-dead/1990-04-03/", in: pages())
        try Golden.check(html, against: "archive/concert.html")
        #expect(html.contains("<h1>Grateful Dead, <time datetime=\"1990-04-03\">3 April 1990</time></h1>"))
        #expect(html.contains("rel=\"prev\" href=\"../../../artists/grateful-dead/1977-05-08/\""))
    }

    @Test("golden: a recording page")
    func recordingPage() throws {
        let html = try PageRendering.render("recordings/gd1997-xx-xx.swapped.fm.1.flac16/", in: pages())
        try Golden.check(html, against: "archive/recording.html")
        #expect(html.contains("Scarlet Begonias <span class=\"segue\""))
        // An unrated review says so, and never borrows the page's rating.
        #expect(html.contains("<p class=\"meta\">Not rated · x · <time datetime=\"2005-01-01\">1 January 2005</time></p>"))
        // Reviews newest first, whatever order the answer lists them in (here the oldest first).
        let dates = html.matches(of: /<time datetime="(20\d\d-\d\d-\d\d)">/).map { String($0.output.1) }
        #expect(dates == ["2006-01-01", "2005-01-01", "2004-06-12"], "\(dates)")
    }

    @Test("golden: a stream-only recording links only the files that are not private")
    func streamOnlyRecording() throws {
        let html = try PageRendering.render("recordings/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644/", in: pages())
        try Golden.check(html, against: "archive/recording-stream-only.html")
        #expect(html.contains("Stream only"))
        #expect(!html.contains(".flac\">"))
        #expect(html.contains("https://archive.org/download/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644/02%20Shakedown%20Street.mp3"))
    }

    @Test("a <script> in a venue, a taper, a review or a track never reaches a page unescaped")
    func hostileData() throws {
        let pages = try pages(["archive/Xss/items/xss1999-01-01.sbd.flac16.json": "item-xss"])
        #expect(pages.count == 7, "index, artist, concert, recording, the day, the on-this-day index and the random-concert list of 1999")
        for page in pages {
            // The site's own scripts (favourites.js on every page, the player on a recording's) are not the data's.
            // The recording's JSON-LD is the site's own element too: its text writes every "<" as \u003c (JSONLD).
            let html = try PageRendering.render(page).replacing(/<script src="[^"<>]*assets\/js\/[a-z-]+\.js" defer( data-unsaved="[^"<>]*")?><\/script>/, with: "")
                .replacing(/<script type="application\/ld\+json">[^<]*<\/script>/, with: "")
            for forbidden in ["<script", "<img", "<iframe", "onerror=", "javascript:", "<b>"] {
                #expect(!html.contains(forbidden), "\(forbidden) in \(page.path)")
            }
        }
        let recording = try PageRendering.render("recordings/xss1999-01-01.sbd.flac16/", in: pages)
        #expect(recording.contains("&lt;script&gt;alert(&#39;venue&#39;)&lt;/script&gt; Hall"))
        #expect(recording.contains("nice &lt;script&gt;alert(&#39;escaped&#39;)&lt;/script&gt;"))
        #expect(recording.contains("<dd>Bob</dd>"))
        #expect(recording.contains("line one\nline two"))
        // Lineage is plain text: a name in angle brackets that is no HTML element is the taper's, shown as written.
        #expect(recording.contains("DAT &gt; &lt;SBD&gt;"))
    }

    @Test("every archive page renders, with one h1 each")
    func everyPage() throws {
        for page in try pages() where page.path.isPage {
            let html = try PageRendering.render(page)
            #expect(html.components(separatedBy: "<h1").count == 2, "\(page.path)")
        }
    }
}
