import Foundation

/// A small but real-shaped world: listener `rj` (two finished weeks, one with a single album as
/// an object, the running week empty), metro 24426 London (a calendar whose `totalEntries`
/// grows between pages), and the archive collection `moe` (two scrape pages joined by a cursor,
/// one item archive.org answers `{}`).
enum FakeWorld {
    static let weeks = [(1_108_296_000, 1_108_900_800), (1_108_900_800, 1_109_505_600)]
    static let running = (1_109_505_600, 1_110_110_400)
    /// Three days into the running week.
    static let now = Date(timeIntervalSince1970: 1_109_505_600 + 3 * 86_400)

    static let siteYML = """
    title: Fetched
    base_url: https://fetched.example.org/
    time_zone: Europe/London
    archive:
      collections: [moe]
    charts:
      listeners: [rj]
    events:
      metros:
        - {id: 24426, name: London, slug: london}
    fetch:
      timeout_seconds: 1
      attempts: 3
      archive: {requests_per_second: 200, concurrency: 2}
      lastfm: {requests_per_second: 200, concurrency: 2}
      songkick: {requests_per_second: 200, concurrency: 2}
    """

    static let scrapeQuery = "count=1000&fields=identifier,mediatype,title,creator,date,venue,coverage,source,avg_rating,num_reviews,downloads,publicdate,updatedate&q=collection:moe"
    static let cursor = "W3siaWRlbnRpZmllciI6Im1vZTIwMDEtMDEtMDEuc2JkLmZsYWMxNiJ9XQ=="

    static func lastfm(_ parameters: String) -> String { "/2.0?" + parameters }
    static func week(_ from: Int, _ to: Int) -> String {
        lastfm("format=json&from=\(from)&method=user.getweeklyalbumchart&to=\(to)&user=rj")
    }

    static let pupMBID = "97f17e68-b106-450d-b6c4-68c50cb5b7d6"
    static let paramoreMBID = "0b2345b3-1c1d-4e3f-8a9b-000000000001"

    static func install(on server: FakeServices) {
        // Last.fm
        // rj's avatar is copied like a cover (the largest size), named for the listener's folder.
        server.answer(lastfm("format=json&method=user.getinfo&user=rj"), userInfo(avatar: "\(server.base)/img/i/u/300x300/rj.png"))
        server.answer("/img/i/u/300x300/rj.png", bytes: avatar)
        server.answer(lastfm("format=json&method=user.getweeklychartlist&user=rj"), """
        {"weeklychartlist":{"chart":[{"#text":"","from":"1108296000","to":"1108900800"},{"#text":"","from":"1108900800","to":"1109505600"}],"@attr":{"user":"rj"}}}
        """)
        server.answer(lastfm("format=json&limit=500&method=user.getfriends&user=rj"), #"{"error":6,"message":"no such page","links":[]}"#, status: 400)
        server.answer(week(weeks[0].0, weeks[0].1), """
        {"weeklyalbumchart":{"album":[{"artist":{"mbid":"3165f5e0-44ff-446a-81d7-c09ec69661ae","#text":"PUP"},"@attr":{"rank":"1"},"mbid":"\(pupMBID)","playcount":"22","name":"Live at The Electric Ballroom","url":"https:\\/\\/www.last.fm\\/music\\/PUP\\/Live+at+The+Electric+Ballroom"},{"artist":{"mbid":"","#text":"Nova Charisma"},"@attr":{"rank":"2"},"mbid":"","playcount":"3","name":"Exposition I","url":"https:\\/\\/www.last.fm\\/music\\/Nova+Charisma\\/Exposition+I"}],"@attr":{"user":"rj","from":"1108296000","to":"1108900800"}}}
        """)
        server.answer(week(weeks[1].0, weeks[1].1), """
        {"weeklyalbumchart":{"album":{"artist":{"mbid":"","#text":"Paramore"},"@attr":{"rank":"1"},"mbid":"\(paramoreMBID)","playcount":"9","name":"Paramore","url":"https://www.last.fm/music/Paramore/Paramore"},"@attr":{"user":"rj","from":"1108900800","to":"1109505600"}}}
        """)
        server.answer(week(running.0, running.1), """
        {"weeklyalbumchart":{"album":[],"@attr":{"user":"rj","from":"1109505600","to":"1110110400"}}}
        """)
        // PUP's cover is copied; Paramore's is Last.fm's placeholder star (nothing to copy);
        // Promise's picture is gone from the image host (404).
        server.answer(lastfm("format=json&mbid=\(pupMBID)&method=album.getinfo"),
                      album("Live at The Electric Ballroom", "PUP", pupMBID, image: server.base + "/img/i/u/300x300/pup.png"))
        server.answer(lastfm("format=json&mbid=\(paramoreMBID)&method=album.getinfo"),
                      album("Paramore", "Paramore", paramoreMBID, image: "https://lastfm.freetls.fastly.net/i/u/300x300/2a96cbd8b46e442fc41c2b86b821562f.png"))
        server.answer("/img/i/u/300x300/pup.png", bytes: pupCover)
        server.answer(lastfm("album=Exposition I&artist=Nova Charisma&format=json&method=album.getinfo"),
                      #"{"error":6,"message":"Album not found","links":[]}"#)
        server.answer(lastfm("artist=Promise&format=json&method=artist.getinfo"), """
        {"artist":{"name":"Promise","mbid":"","url":"https://www.last.fm/music/Promise","image":[{"#text":"\(server.base)/img/i/u/300x300/promise.jpg","size":"extralarge"}],"bio":{"summary":"A band. <a href=\\"https://www.last.fm/music/Promise\\">Read more on Last.fm</a>"}}}
        """)
        for name in ["Tapeworm", "The Reels", "Night Bus"] {
            server.answer(lastfm("artist=\(name)&format=json&method=artist.getinfo"), #"{"error":6,"message":"The artist you supplied could not be found","links":[]}"#)
        }

        // Songkick: 3 entries at first, 5 by the time page 2 is asked for.
        let events = [(101, "Promise", "2026-12-01"), (102, "Tapeworm", "2026-12-02"), (103, "The Reels", "2026-12-03"), (104, "Night Bus", "2026-12-04")]
        func calendar(_ list: ArraySlice<(Int, String, String)>, page: Int, total: Int) -> String {
            #"{"resultsPage":{"status":"ok","results":{"event":["# + list.map { event($0.0, $0.1, $0.2) }.joined(separator: ",")
                + #"]},"perPage":2,"page":\#(page),"totalEntries":\#(total)}}"#
        }
        server.answer("/sk/metro_areas/24426/calendar.json?page=1&per_page=50", calendar(events[0..<2], page: 1, total: 3))
        server.answer("/sk/metro_areas/24426/calendar.json?page=2&per_page=50", calendar(events[2..<3], page: 2, total: 5))
        server.answer("/sk/metro_areas/24426/calendar.json?page=3&per_page=50", calendar(events[3..<4], page: 3, total: 5))
        for (id, name, date) in events.prefix(3) {
            server.answer("/sk/events/\(id).json", #"{"resultsPage":{"status":"ok","results":{"event":"# + event(id, name, date, details: true) + "}}}")
        }
        server.answer("/sk/events/104.json", #"{"resultsPage":{"status":"error","error":{"message":"Resource not found"}}}"#, status: 404)

        // archive.org
        server.answer("/ia/services/search/v1/scrape?" + scrapeQuery, """
        {"items":[{"identifier":"moe2001-01-01.sbd.flac16","mediatype":"etree","title":"moe. Live at Roseland on 2001-01-01","creator":["moe."],"date":"2001-01-01T00:00:00Z","venue":"Roseland Ballroom","coverage":"New York, NY","downloads":120,"avg_rating":4.5,"num_reviews":2,"publicdate":"2002-01-01T00:00:00Z","updatedate":["2010-05-05T10:00:00Z"]},{"identifier":"moe1999-07-04.aud","mediatype":"etree","title":"moe. Live at Somewhere on 1999-07-04","date":"1999-07-04T00:00:00Z","publicdate":"2003-01-01T00:00:00Z"}],"count":2,"cursor":"\(cursor)"}
        """)
        server.answer("/ia/services/search/v1/scrape?" + scrapeQuery.replacingOccurrences(of: "count=1000", with: "count=1000&cursor=\(cursor)"), """
        {"items":[{"identifier":"moe2002-02-02.mtx","mediatype":"etree","title":"moe. Live at The Palace on 2002-02-02","date":"2002-02-02T00:00:00Z","venue":"The Palace","publicdate":"2004-01-01T00:00:00Z"},{"identifier":"moe","mediatype":"collection","title":"moe."}],"count":2}
        """)
        server.answer("/ia/metadata/moe2001-01-01.sbd.flac16", item("moe2001-01-01.sbd.flac16", date: "2001-01-01", venue: "Roseland Ballroom", updated: 1_300_000_000))
        server.answer("/ia/metadata/moe1999-07-04.aud", "{}")
        server.answer("/ia/metadata/moe2002-02-02.mtx", item("moe2002-02-02.mtx", date: "2002-02-02", venue: "The Palace", updated: 1_200_000_000))
    }

    /// rj's profile, whose largest image is `avatar` (its small one the same name under 34s).
    static func userInfo(avatar: String) -> String {
        let small = avatar.replacingOccurrences(of: "300x300", with: "34s")
        return """
        {"user":{"playlists":"0","playcount":"88865","gender":"n","name":"rj","subscriber":"0","url":"https://www.last.fm/user/rj","country":"United Kingdom","image":[{"size":"small","#text":"\(small)"},{"size":"extralarge","#text":"\(avatar)"}],"registered":{"unixtime":"1100000000","#text":1100000000},"type":"user","age":"0","bootstrap":"0","realname":"Rita J"}}
        """
    }

    /// The first bytes of a PNG file and a little more: what the image judge looks at.
    static let pupCover = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 64))

    /// rj's avatar: a PNG too, but not the cover's bytes.
    static let avatar = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 9, count: 48))

    static func album(_ name: String, _ artist: String, _ mbid: String, image: String) -> String {
        let small = image.replacingOccurrences(of: "300x300", with: "34s")
        return """
        {"album":{"name":"\(name)","artist":"\(artist)","mbid":"\(mbid)","url":"https://www.last.fm/music/\(artist)","image":[{"#text":"\(small)","size":"small"},{"#text":"\(image)","size":"extralarge"},{"#text":"\(image)","size":"mega"},{"#text":"\(image)","size":""}],"listeners":"511055","playcount":"20540069","tracks":{"track":{"name":"One","url":"https://www.last.fm/music/x","duration":"223","@attr":{"rank":"1"},"streamable":{"#text":"0","fulltrack":"0"},"artist":{"name":"\(artist)","mbid":"","url":"https://www.last.fm/music/x"}}},"tags":""}}
        """
    }

    static func event(_ id: Int, _ artist: String, _ date: String, details: Bool = false) -> String {
        let venue = details
            ? #"{"displayName":"Electric Ballroom","id":2085279,"lat":51.54,"lng":-0.14,"uri":"https://www.songkick.com/venues/2085279","street":"184 Camden High St","zip":"NW1 8QP","phone":"","website":"","capacity":1500,"metroArea":{"displayName":"London","id":24426,"country":{"displayName":"UK"}}}"#
            : #"{"displayName":"Electric Ballroom","id":2085279,"lat":51.54,"lng":-0.14,"uri":"https://www.songkick.com/venues/2085279","metroArea":{"displayName":"London","id":24426,"country":{"displayName":"UK"}}}"#
        return #"{"type":"Concert","status":"ok","displayName":"\#(artist) at Electric Ballroom (\#(date))","popularity":0.001,"start":{"time":"19:30:00","date":"\#(date)","datetime":"\#(date)T19:30:00+0000"},"location":{"city":"London, UK","lat":51.54,"lng":-0.14},"uri":"https://www.songkick.com/concerts/\#(id)?utm_source=1&utm_medium=partner","id":\#(id),"performance":[{"billingIndex":1,"billing":"headline","displayName":"\#(artist)","id":\#(id * 10),"artist":{"displayName":"\#(artist)","id":\#(id * 100),"uri":"https://www.songkick.com/artists/\#(id * 100)","identifier":[]}}],"venue":\#(venue)}"#
    }

    static func item(_ identifier: String, date: String, venue: String, updated: Int) -> String {
        #"{"created":1751083971,"d1":"ia601509.us.archive.org","dir":"/1/items/\#(identifier)","files":[{"name":"01 Intro.flac","source":"original","format":"Flac","length":"108.81","title":"Intro","track":"01","private":"true"},{"name":"01 Intro.mp3","source":"derivative","format":"VBR MP3","original":"01 Intro.flac","length":"01:48","title":"Intro"}],"files_count":2,"item_last_updated":\#(updated),"item_size":1296578236,"metadata":{"identifier":"\#(identifier)","mediatype":"etree","collection":["moe","etree"],"creator":"moe.","date":"\#(date)","title":"moe. Live at \#(venue) on \#(date)","venue":"\#(venue)","coverage":"New York, NY","source":"SBD > DAT","lineage":"DAT > FLAC","publicdate":"2002-01-01 00:00:00"},"server":"ia601509.us.archive.org","uniq":370520692}"#
    }
}
