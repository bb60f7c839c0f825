import Foundation
import Sitegen
import SitegenCore
import Testing
@testable import SitegenArchive

/// Favourites, near me and discover as the build leaves them, before any script runs: the
/// static data the scripts read (golden), the data attributes they need, and pages that show
/// no control a visitor without JavaScript could not use. What the scripts do in a browser is
/// tested in headless Chromium (Tests/Browser/in_browser.py, run by .ci/run).
@Suite("In-browser features: pages and static data")
struct InBrowserPagesTests {
    /// The sample site, built once for the suite.
    static let sample: Result<[String: String], any Error> = Result {
        let site = try TemporarySite([:])
        defer { site.delete() }
        try FileManager.default.removeItem(at: site.content)
        try FileManager.default.copyItem(at: TestPaths.content, to: site.content)
        try site.build(date: "2026-11-22")
        var texts: [String: String] = [:]
        for (path, data) in site.outputFiles() where path.hasSuffix(".html") || path.hasSuffix(".json") {
            texts[path] = String(decoding: data, as: UTF8.self)
        }
        return texts
    }

    func files() throws -> [String: String] { try Self.sample.get() }

    static func main(_ html: String) -> String {
        guard let start = html.range(of: "<main"), let end = html.range(of: "</main>") else { return html }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("golden: the random-concert lists and the discover page")
    func staticData() throws {
        let files = try files()
        let lists = files.keys.filter { $0.hasPrefix("random-concert/") }.sorted()
        #expect(lists.count > 5)
        try Golden.check(lists.map { "== \($0)\n\(files[$0]!)" }.joined(), against: "in-browser/random-concerts.txt")
        try Golden.check(Self.main(try #require(files["discover/index.html"])), against: "in-browser/discover.html")
    }

    @Test("the random-concert lists hold every concert page once, and the discover page counts them right")
    func randomListsCoverEveryConcert() throws {
        let files = try files()
        let concertPage = /^artists\/[^\/]+\/[0-9x]{4}-[0-9x]{2}-[0-9x]{2}(-[0-9]+)?\/index\.html$/
        let pages = Set(files.keys.filter { $0.wholeMatch(of: concertPage) != nil }.map { String($0.dropLast("index.html".count)) })
        var listed: [String] = []
        var counts: [String] = []
        for name in files.keys.filter({ $0.hasPrefix("random-concert/") }).sorted() {
            let paths = try JSONDecoder().decode([String].self, from: Data(files[name]!.utf8))
            listed += paths
            #expect(name.hasSuffix("-1.json"), "the sample's years fit one part each")
            counts.append("\(name.dropFirst("random-concert/".count).dropLast("-1.json".count)):\(paths.count)")
        }
        #expect(listed.count == Set(listed).count)
        #expect(Set(listed) == pages)
        #expect(try #require(files["discover/index.html"]).contains("data-years=\"\(counts.joined(separator: " "))\""))
    }

    @Test("without JavaScript no control is shown: every button and input the scripts use is hidden")
    func nothingBrokenWithoutScripts() throws {
        let files = try files()
        var checked = 0
        for (path, html) in files where path.hasSuffix(".html") {
            var visible = Self.main(html)
            // What a hidden element holds is not shown; a <template> is never shown.
            visible = visible.replacing(/<template[\s\S]*?<\/template>/, with: "")
            visible = visible.replacing(/<div id="favourites"[^>]* hidden>[\s\S]*<\/main>/, with: "</main>")
            visible = visible.replacing(/<p [^>]*\shidden[\s>][\s\S]*?<\/p>/, with: "")
            visible = visible.replacing(/<(div|form) [^>]*\shidden[\s>][\s\S]*?<\/\1>/, with: "")
            visible = visible.replacing(/<button [^>]*\shidden[\s>][\s\S]*?<\/button>/, with: "")
            #expect(!visible.contains("<button"), "a button shows without JavaScript in \(path)")
            // A read-only field (an event's share link) works without scripts.
            #expect(visible.matches(of: /<input(?![^>]*\sreadonly[\s>])/).isEmpty, "an input shows without JavaScript in \(path)")
            checked += html.components(separatedBy: "<button").count - 1
        }
        #expect(checked > 100)
        let favourites = try #require(files["favourites/index.html"])
        #expect(favourites.contains("<noscript><p class=\"empty\">Favourites are kept by your browser and need JavaScript.</p></noscript>"))
        // The footer's links lead somewhere on every site.
        #expect(files["discover/index.html"] != nil && files["favourites/index.html"] != nil)
    }

    @Test("stars carry what /favourites/ shows: kind, id, title, link inside the site")
    func starsCarryTheirCard() throws {
        let files = try files()
        let expectations: [(String, String)] = [
            ("artists/grateful-dead/1977-05-08/index.html", "data-fav-kind=\"concert\" data-fav-id=\"artists/grateful-dead/1977-05-08/\""),
            ("artists/grateful-dead/index.html", "data-fav-kind=\"artist\" data-fav-id=\"GratefulDead\" data-fav-title=\"Grateful Dead\" data-fav-href=\"artists/grateful-dead/\""),
        ]
        for (path, fragment) in expectations {
            #expect(try #require(files[path], "\(path)").contains(fragment), "\(path)")
        }
        let stars = files.filter { $0.key.hasSuffix(".html") }.flatMap { $0.value.matches(of: /data-fav-kind="([a-z]+)"[^>]*data-fav-href="([^"]*)"/) }
        #expect(Set(stars.map { String($0.output.1) }) == ["concert", "recording", "artist", "album", "event"])
        for star in stars {
            let href = String(star.output.2)
            #expect(files[href + "index.html"] != nil, "a star links to \(href), which is not a page")
        }
        let event = try #require(files.first { $0.key.hasPrefix("events/london/") && $0.value.contains("data-fav-kind=\"event\"") })
        #expect(event.value.contains(/data-fav-kind="event"[^>]*data-fav-date="20[0-9]{2}-[0-9]{2}-[0-9]{2}"/))
    }

    @Test("stars where things are listed sit in their card and name what the thing's own page's star names")
    func starsInCards() throws {
        let files = try files()
        /// A page's relative link as a path from the site root ({{root}} is only "../" steps).
        func sitePath(_ href: Substring) -> String { String(href).replacing(/^(\.\.\/)+/, with: "") }
        func ownStar(_ path: String, _ kind: String, _ id: Substring) throws -> Bool {
            try #require(files[path + "index.html"], "\(path)").contains("data-fav-kind=\"\(kind)\" data-fav-id=\"\(id)\"")
        }
        // Concert cells: the star names the concert as its page does, without repeating its link;
        // the card says which kind of thing it is.
        let artist = try #require(files["artists/grateful-dead/index.html"])
        let cells = artist.matches(of: /<article class="concert-cell"[^>]* data-fav-card="concert">\s*<h3><a href="([^"]*)">[\s\S]*?<\/h3>\s*<button class="fav-star" hidden data-fav-title="(Grateful Dead, [^"]+)" title="Favourite"><\/button>/)
        #expect(cells.count > 1 && cells.count == artist.components(separatedBy: "class=\"concert-cell\"").count - 1)
        for cell in cells {
            let path = sitePath(cell.output.1)
            #expect(try #require(files[path + "index.html"]).contains("data-fav-kind=\"concert\" data-fav-id=\"\(path)\" data-fav-title=\"\(cell.output.2)\""))
        }
        // The artists index: the row's star names the artist by its collection.
        let index = try #require(files["artists/index.html"])
        let rows = index.matches(of: /<li data-fav-card="artist"><a href="([^"]*)">[^<]*<\/a> <button class="fav-star" hidden data-fav-id="([^"]+)" title="Favourite"><\/button>/)
        #expect(rows.count > 1 && rows.count == index.components(separatedBy: "<li data-fav-card=\"artist\">").count - 1)
        for row in rows { #expect(try ownStar(sitePath(row.output.1), "artist", row.output.2), "\(row.output.1)") }
        // Chart rows: the album by its key, the same for every listener.
        var albums = 0
        for (path, html) in files where path.hasPrefix("charts/") && html.contains("class=\"chart-row\"") {
            let rows = html.matches(of: /<li class="chart-row" data-fav-card="album">[\s\S]*?<span class="chart-title"><a href="([^"]*)">[\s\S]*?<button class="fav-star" hidden data-fav-id="([^"]+)" title="Favourite"><\/button><\/span>/)
            #expect(rows.count == html.components(separatedBy: "class=\"chart-row\"").count - 1, "\(path)")
            for row in rows { #expect(try ownStar(sitePath(row.output.1), "album", row.output.2), "\(path): \(row.output.1)") }
            albums += rows.count
        }
        #expect(albums > 10)
        // Recording tiles of a concert page: the recording by its key, as its own page names it;
        // the list names the concert's artist and date, which the tiles do not show.
        let concert = try #require(files["artists/grateful-dead/1977-05-08/index.html"])
        #expect(concert.contains("<ol class=\"selector\" data-fav-title=\"Grateful Dead, 8 May 1977\">"))
        let tiles = concert.matches(of: /<li class="recording-tile[^"]*" data-families="[^"]*" data-fav-card="recording">[\s\S]*?<h2><a href="([^"]*)">[\s\S]*?<\/h2>\s*<button class="fav-star" hidden data-fav-id="([^"]+)" title="Favourite"><\/button>/)
        #expect(tiles.count > 1 && tiles.count == concert.components(separatedBy: "class=\"recording-tile").count - 1)
        for tile in tiles { #expect(try ownStar(sitePath(tile.output.1), "recording", tile.output.2), "\(tile.output.1)") }
        // A star on a thing's own page names a page that lists the thing as a card.
        var fromKinds: Set<Substring> = []
        for (path, html) in files where path.hasSuffix(".html") {
            for star in html.matches(of: /data-fav-kind="([a-z]+)" data-fav-id="([^"]*)"[^>]*data-fav-from="([^"]*)"/) {
                let (kind, id, from) = (star.output.1, star.output.2, star.output.3)
                let listing = try #require(files[from + "index.html"], "\(path): \(from)")
                #expect(listing.contains("data-fav-id=\"\(id)\"") || (kind == "concert" && listing.contains("/\(id)\">")), "\(path): \(from) lists no \(kind) \(id)")
                fromKinds.insert(kind)
            }
        }
        #expect(fromKinds == ["concert", "event", "album", "artist", "recording"])
    }

    @Test("near me: rows carry their venue's coordinates, the cities their centre; rows without any carry none")
    func coordinatesInTheHTML() throws {
        let files = try files()
        let city = try #require(files["events/london/index.html"])
        let rows = city.matches(of: /<li class="ev-row[^"]*" data-fav-card([^>]*)>/).map { String($0.output.1) }
        let placed = rows.filter { $0.contains(/\ data-lat="-?[0-9]+\.[0-9]{5}" data-lng="-?[0-9]+\.[0-9]{5}"/) }
        #expect(placed.count > 5)
        #expect(rows.count > placed.count, "the sample has a London event without coordinates")
        #expect(rows.allSatisfy { $0.isEmpty || placed.contains($0) })
        #expect(city.contains("<p class=\"ev-nearme\" hidden"))
        let index = try #require(files["events/index.html"])
        #expect(index.contains("<section class=\"ev-city card\" data-lat=\"51.50735\" data-lng=\"-0.12776\">"))
        #expect(index.contains("assets/js/nearme.js"))
    }

    @Test("the top recordings are the concerts' recommended recordings with the highest scores, best first")
    func topRecordings() throws {
        let site = try ArchiveFixtureSite(ArchiveFixtureSite.standard)
        let section = try #require(try site.load())
        let top = section.topRecordings(3)
        let scores = section.catalog.concerts.compactMap { $0.recordings.first.map(Recommendation.score) }.sorted(by: >)
        #expect(top.map { Recommendation.score(section.catalog.concerts[$0].recordings[0]) } == Array(scores.prefix(3)))
        #expect(section.topRecordings(1000).count == scores.count)
    }

    @Test("a year with more concerts than a part holds is split into numbered parts, in order")
    func randomListParts() throws {
        let site = try ArchiveFixtureSite(ArchiveFixtureSite.standard)
        let section = try #require(try site.load())
        let links = ArchiveLinks(recordingSlugs: section.catalog.recordingSlugs, language: TestLanguage.english)
        let whole = section.randomConcertFiles(links)
        let split = section.randomConcertFiles(links, partSize: 1)
        func paths(_ pages: [Page]) throws -> [String] {
            try pages.flatMap { page -> [String] in
                guard case .text(let text) = page.body else { return [] }
                return try JSONDecoder().decode([String].self, from: Data(text.utf8))
            }
        }
        #expect(try paths(split) == paths(whole))
        #expect(split.count == section.catalog.concerts.count)
        #expect(split.count > whole.count, "the fixture has a year with two concerts")
        // Each year's parts are numbered from 1, in order.
        var next: [Substring: Int] = [:]
        for page in split {
            let name = page.path.value.dropFirst("random-concert/".count).dropLast(".json".count)
            let dash = try #require(name.lastIndex(of: "-"))
            let year = name[..<dash], part = Int(name[name.index(after: dash)...])
            #expect(part == next[year, default: 1], "\(name)")
            next[year] = (part ?? 0) + 1
        }
    }
}
