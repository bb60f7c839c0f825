import Foundation
import SitegenCore
import Testing

/// Open Graph and Twitter card tags, schema.org JSON-LD and robots.txt: what a shared link, a
/// search engine and a crawler read.
@Suite("Sharing and discovery")
struct SharingTests {
    @Test("JSON-LD text is safe inside <script> and parses back to the same values, but for controls no page carries")
    func scriptSafe() throws {
        let hostile = "</script><script>alert(1)</script><!-- & \u{2028}\u{2029} \"quoted\" \\ \n\t\u{1}"
        let value = JSONLD.fields(["name": .string(hostile), "n": .int(3), "x": .number(51.5), "skip": nil,
                                   "list": .array([.string("a"), .fields(["@type": .string("Place")])])])
        let text = value.scriptText
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"))
        #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}"))
        #expect(text.hasPrefix(#"{"name":"#), "keys keep their order")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["name"] as? String == hostile.replacingOccurrences(of: "\u{1}", with: ""))
        #expect(parsed["n"] as? Int == 3)
        #expect(parsed["x"] as? Double == 51.5)
        #expect(parsed["skip"] == nil)
        #expect(((parsed["list"] as? [Any])?[1] as? [String: Any])?["@type"] as? String == "Place")
    }

    static func scripts(in html: String) -> [String] {
        html.matches(of: /<script type="application\/ld\+json">(.*?)<\/script>/).map { String($0.output.1) }
    }

    static func meta(_ property: String, in html: String) -> String? {
        let needle = "property=\"\(property)\" content=\""
        guard let start = html.range(of: needle)?.upperBound, let end = html[start...].firstIndex(of: "\"") else { return nil }
        return String(html[start..<end])
    }

    @Test("every event page carries a MusicEvent with what Google's event results require")
    func musicEvents() throws {
        let site = try SampleSite.get().site
        let pages = site.outputFiles().filter { $0.key.hasPrefix("events/") && $0.key.hasSuffix("/index.html") }
            .filter { $0.key.split(separator: "/").count == 4 && Int($0.key.split(separator: "/")[2]) != nil }
        #expect(pages.count > 20)
        let statuses: Set<String> = ["https://schema.org/EventScheduled", "https://schema.org/EventCancelled", "https://schema.org/EventPostponed"]
        var seen: Set<String> = []
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            let scripts = Self.scripts(in: html)
            #expect(scripts.count == 1, "\(path)")
            guard let text = scripts.first,
                  let event = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                Issue.record("\(path): no parsable JSON-LD"); continue
            }
            #expect(event["@context"] as? String == "https://schema.org")
            #expect(event["@type"] as? String == "MusicEvent")
            #expect((event["name"] as? String)?.isEmpty == false, "\(path)")
            let start = try #require(event["startDate"] as? String)
            #expect(start.wholeMatch(of: /\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2})?)?/) != nil, "\(path): \(start)")
            let status = try #require(event["eventStatus"] as? String)
            #expect(statuses.contains(status))
            seen.insert(status)
            let location = try #require(event["location"] as? [String: Any], "\(path)")
            #expect(location["@type"] as? String == "Place")
            // Named unless Songkick does not know the venue: the page's "Unknown venue" is no name.
            #expect((location["name"] as? String)?.isEmpty == false || html.contains("Unknown venue"), "\(path)")
            #expect(location["name"] as? String != "Unknown venue")
            let address = try #require(location["address"] as? [String: Any], "\(path)")
            #expect(address["@type"] as? String == "PostalAddress")
            #expect(address["addressCountry"] as? String != "UK", "ISO 3166-1: the United Kingdom is GB")
            #expect(address["addressLocality"] != nil || address["streetAddress"] != nil, "\(path)")
            if let performers = event["performer"] as? [[String: Any]] {
                #expect(performers.allSatisfy { $0["@type"] as? String == "MusicGroup" && $0["name"] is String })
            }
            #expect(event["url"] as? String == Self.meta("og:url", in: html))
        }
        #expect(seen.contains("https://schema.org/EventCancelled"), "the sample has a cancelled event")
        // A timed event with an offset from Songkick says it.
        let offsets = pages.values.compactMap { Self.scripts(in: String(decoding: $0, as: UTF8.self)).first }
            .filter { $0.contains(#"T19:"#) || $0.contains(#"T20:"#) }
        #expect(offsets.contains { $0.firstMatch(of: /"startDate":"[^"]+T\d\d:\d\d:\d\d[+-]\d\d:\d\d"/) != nil })
    }

    @Test("every chart album page carries a MusicAlbum")
    func musicAlbums() throws {
        let site = try SampleSite.get().site
        let albums = site.outputFiles().filter { $0.key.contains("/albums/") && $0.key.hasSuffix("/index.html") }
        #expect(albums.count > 50)
        for (path, data) in albums {
            let text = try #require(Self.scripts(in: String(decoding: data, as: UTF8.self)).first, "\(path)")
            let album = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(album["@type"] as? String == "MusicAlbum")
            #expect((album["name"] as? String)?.isEmpty == false)
            #expect((album["byArtist"] as? [String: Any])?["name"] is String, "\(path)")
        }
    }

    @Test("every post page carries a BlogPosting")
    func blogPostings() throws {
        let site = try SampleSite.get().site
        let posts = site.outputFiles().filter { $0.key.hasPrefix("news/") && !$0.key.hasPrefix("news/tags/")
            && !$0.key.hasPrefix("news/page/") && $0.key != "news/index.html" && $0.key.hasSuffix("/index.html") }
        #expect(posts.count > 3)
        for (path, data) in posts {
            let html = String(decoding: data, as: UTF8.self)
            let text = try #require(Self.scripts(in: html).first, "\(path)")
            let post = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(post["@type"] as? String == "BlogPosting")
            #expect((post["headline"] as? String)?.isEmpty == false)
            #expect((post["datePublished"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)/) != nil, "\(path)")
            #expect(post["url"] as? String == Self.meta("og:url", in: html))
            #expect((post["author"] as? [String: Any])?["name"] is String)
        }
    }

    @Test("every page has Open Graph and Twitter card tags; robots.txt names the sitemap")
    func openGraph() throws {
        let site = try SampleSite.get().site
        let pages = site.outputFiles().filter { $0.key.hasSuffix(".html") }
        #expect(pages.count > 500)
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            let canonical = html.firstMatch(of: /<link rel="canonical" href="([^"]+)">/).map { String($0.output.1) }
            #expect(Self.meta("og:url", in: html) == canonical, "\(path)")
            #expect(Self.meta("og:title", in: html)?.isEmpty == false, "\(path)")
            #expect(Self.meta("og:description", in: html) != nil, "\(path)")
            #expect(Self.meta("og:image", in: html)?.hasPrefix("https://") == true, "\(path): the site's share_image at least")
            // The site's wide share image gets the large card; a page's own (a square cover) the small.
            let ownImage = Self.meta("og:image", in: html)?.hasSuffix("images/share.png") == false
            #expect(html.contains("<meta name=\"twitter:card\" content=\"\(ownImage ? "summary" : "summary_large_image")\">"), "\(path)")
        }
        let albums = pages.filter { $0.key.hasPrefix("charts/deadhead-mara/albums/") }.map { String(decoding: $0.value, as: UTF8.self) }
        #expect(albums.contains { Self.meta("og:image", in: $0)?.contains("lastfm") == true }, "album pages share their covers")
        let home = try #require(site.read("index.html"))
        #expect(Self.meta("og:image", in: home) == "https://example.org/music/images/share.png")
        #expect(site.read("robots.txt") == "User-agent: *\nAllow: /\n\nSitemap: https://example.org/music/sitemap.xml\n")
    }

    @Test("a robots.txt of the site's own in static/ is published in place of the generated one, in incremental builds too")
    func ownRobots() throws {
        let site = try TemporarySite(["Content/news/2026-11-01-a.md": "---\ntitle: A\n---\nx\n"])
        defer { site.delete() }
        try site.build()
        #expect(site.read("robots.txt")?.hasPrefix("User-agent: *\nAllow: /\n") == true)
        try site.write("User-agent: BadBot\nDisallow: /\n", to: "Content/static/robots.txt")
        try site.build()
        #expect(site.read("robots.txt") == "User-agent: BadBot\nDisallow: /\n")
        try site.remove("Content/static/robots.txt")
        try site.build()
        #expect(site.read("robots.txt") == "User-agent: *\nAllow: /\n\nSitemap: https://example.org/sitemap.xml\n")
    }
}
