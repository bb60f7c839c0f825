import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Sitegen
import SitegenCore
import SitegenServe
import Testing

/// `sitegen serve` as a browser meets it: a real server on a loopback port, read with URLSession
/// (and curl for the paths URLSession will not send), rebuilding as files are edited.
@Suite("Serve: the preview server", .serialized)
struct ServeTests {
    static let posts = [
        "Content/news/2026-11-01-first.md": "---\ntitle: First\ndate: 2026-11-01\n---\nThe first post.\n",
        "Content/news/2026-11-02-second.md": "---\ntitle: Second\ndate: 2026-11-02\n---\nThe second post.\n",
        "Content/static/calendar.ics": "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
        "Content/static/fonts/a.woff2": "wOF2",
        "Content/static/images/a.png": "\u{89}PNG",
        "Content/static/images/b.jpg": "jpeg",
        "Content/static/app.js": "console.log(1);\n",
        "Content/static/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        "Content/static/audio/set1.opus": "OggS",
        "Content/static/audio/show.m3u8": "#EXTM3U\n",
        "Content/static/audio/show.cue": "FILE \"d1t01.flac\" WAVE\n",
    ]

    private let client = HTTPClient()

    @Test func everyKindOfFileHasItsContentType() async throws {
        let served = try await ServedSite(Self.posts)
        let expected = [
            "": "text/html; charset=utf-8",
            "news/first/": "text/html; charset=utf-8",
            "assets/css/base.css": "text/css; charset=utf-8",
            "app.js": "text/javascript; charset=utf-8",
            "logo.svg": "image/svg+xml",
            "sitemap.xml": "application/xml; charset=utf-8",
            "feed.xml": "application/atom+xml; charset=utf-8",
            "calendar.ics": "text/calendar; charset=utf-8",
            "images/a.png": "image/png",
            "images/b.jpg": "image/jpeg",
            "fonts/a.woff2": "font/woff2",
            "audio/set1.opus": "audio/ogg",
            "audio/show.m3u8": "application/vnd.apple.mpegurl",
            "audio/show.cue": "text/plain; charset=utf-8",
        ]
        for (path, type) in expected.sorted(by: { $0.key < $1.key }) {
            let response = try await client.fetch(served.address + path)
            #expect(response.status == 200, "\(path)")
            #expect(response.header("Content-Type") == type, "\(path)")
        }
        await served.stop()
    }

    @Test func foldersRedirectsAndNotFound() async throws {
        let served = try await ServedSite(Self.posts)
        let root = try await client.fetch(served.origin + "/")
        #expect(root.status == 302)
        #expect(root.header("Location") == "/music/")
        let site = try await client.fetch(served.origin + "/music")
        #expect(site.status == 302)
        #expect(site.header("Location") == "/music/")
        let folder = try await client.fetch(served.address + "news/first?x=1")
        #expect(folder.status == 302)
        #expect(folder.header("Location") == "/music/news/first/?x=1")
        // A path with doubled slashes redirects to the folder the server read, not to "//music/…",
        // which a browser reads as another host.
        let port = URL(string: served.origin)!.port!
        for (path, location) in ["//music/news/first": "/music/news/first/", "/music//news/first?x=1": "/music/news/first/?x=1",
                                 "//music": "/music/", "/music//news/first/": "/music/news/first/",
                                 "/music/news//first/index.html?x=1": "/music/news/first/index.html?x=1"] {
            let answer = try await rawExchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 302") && answer.contains("\r\nLocation: \(location)\r\n"),
                    "\(path) -> \(answer.prefix(200).debugDescription)")
        }
        let page = try await client.fetch(served.address + "news/first/")
        #expect(page.status == 200)
        #expect(page.text.contains("The first post."))
        #expect(page.text.contains("<script src=\"/__sitegen/live-reload.js\" data-events=\"/__sitegen/events\" data-worker=\"/__sitegen/live-reload-worker.js\" data-page=\"/music/news/first/index.html\"></script></body>"))
        #expect(page.header("Cache-Control") == "no-store")
        #expect(try await client.fetch(served.address + "news/first/index.html").body == page.body)
        // The script is added on the way out, never written into the output folder.
        #expect(served.site.read("news/first/index.html")?.contains("live-reload") == false)
        let missing = try await client.fetch(served.address + "news/none/")
        #expect(missing.status == 404)
        #expect(missing.text.contains("Page not found"))
        #expect(missing.text.contains("data-not-found"))
        #expect(try await client.fetch(served.origin + "/elsewhere/").status == 404, "outside the site's path")
        #expect(try await client.fetch(served.address + "feed.xml/").status == 404, "a file asked for as a folder")
        let script = try await client.fetch(served.origin + "/__sitegen/live-reload.js")
        #expect(script.status == 200 && script.text.contains("EventSource"))
        // The open pages share one event stream through this worker (a browser keeps six
        // connections to a host; `Scripts/serve/chromium-check.py` opens eight tabs).
        let worker = try await client.fetch(served.origin + "/__sitegen/live-reload-worker.js")
        #expect(worker.status == 200 && worker.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(worker.text.contains("new EventSource(\"/__sitegen/events\")") && worker.text.contains("onconnect"))
        #expect(try await client.fetch(served.address, method: "POST").status == 405)
        await served.stop()
    }

    @Test func headAndConditionalRequests() async throws {
        let served = try await ServedSite(Self.posts)
        let css = try await client.fetch(served.address + "assets/css/base.css")
        let tag = try #require(css.header("ETag"))
        #expect(css.header("Cache-Control") == "no-cache")
        let again = try await client.fetch(served.address + "assets/css/base.css", headers: ["If-None-Match": tag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        // A 304 says the length the 200 had, for a page (with the injected script) too.
        #expect(again.header("Content-Length") == String(css.body.count))
        let page = try await client.fetch(served.address + "news/first/")
        let unchanged = try await client.fetch(served.address + "news/first/", headers: ["If-None-Match": try #require(page.header("ETag"))])
        #expect(unchanged.status == 304 && unchanged.header("Content-Length") == String(page.body.count))
        #expect(try await client.fetch(served.address + "assets/css/base.css", headers: ["If-None-Match": "\"other\""]).status == 200)
        let head = try await client.fetch(served.address + "news/first/", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        let get = try await client.fetch(served.address + "news/first/")
        #expect(head.header("Content-Length") == String(get.body.count))
        #expect(head.header("ETag") == get.header("ETag"))
        // An edit changes the tag.
        try await served.edit("body { color: red; }\n", at: "Templates/assets/css/base.css")
        let edited = try await client.fetch(served.address + "assets/css/base.css", headers: ["If-None-Match": tag])
        #expect(edited.status == 200)
        #expect(edited.text == "body { color: red; }\n")
        await served.stop()
    }

    /// Each way of climbing out of the output folder: 400 for paths that are not safe to resolve,
    /// 404 for a link leading out; never the file outside.
    @Test func pathTraversalIsRefused() async throws {
        let served = try await ServedSite(Self.posts)
        let secret = "the secret outside the output folder"
        try served.site.write(secret, to: "secret.txt")
        try FileManager.default.createSymbolicLink(atPath: served.site.output.appendingPathComponent("leak.txt").path,
                                                   withDestinationPath: served.site.root.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(atPath: served.site.output.appendingPathComponent("up").path,
                                                   withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: served.site.output.appendingPathComponent("inside.css").path,
                                                   withDestinationPath: "assets/css/base.css")
        let attempts = [
            "/music/../secret.txt": 400,
            "/music/../../../../../../etc/passwd": 400,
            "/music/%2e%2e/secret.txt": 400,
            "/music/%2E%2E%2Fsecret.txt": 400,
            "/music/.%2e/secret.txt": 400,
            "/music/..%5csecret.txt": 400,
            "/music/..\\secret.txt": 400,
            "/music/index.html%00.css": 400,
            "/music/%00": 400,
            "/music/%ff%fe": 400,
            "/music/%zz": 400,
            "/music/%252e%252e/secret.txt": 404,
            "/music/leak.txt": 404,
            "/music/up/secret.txt": 404,
            "/music/up/": 404,
        ]
        for (path, status) in attempts.sorted(by: { $0.key < $1.key }) {
            let response = try await curlStatus(served.origin + path)
            #expect(response.status == status, "\(path)")
            #expect(!response.body.contains(secret), "\(path)")
        }
        #expect(try await curlStatus(served.address + "inside.css").status == 200, "a link that stays inside is followed")
        #expect(try await client.fetch(served.address).status == 200, "the server still answers")
        await served.stop()
    }

    @Test func requestsThatCannotBeDecodedGet400() async throws {
        let served = try await ServedSite(Self.posts)
        let port = URL(string: served.origin)!.port!
        let undecodable = [
            "HELLO\r\n\r\n",
            "GET /music/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: lots\r\n\r\n",
            "GET /music/ HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n",
            "POST /music/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
        ]
        for request in undecodable {
            let answer = try await rawExchange(port: port, request)
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(request.debugDescription) -> \(answer.prefix(40).debugDescription)")
        }
        #expect(try await client.fetch(served.address).status == 200, "the server still answers")
        await served.stop()
    }

    /// Search works in the preview: the page and its index files are served, and an edited
    /// post's new word is in the index files the server sends after the rebuild.
    @Test func theSearchIndexIsServedAndFollowsEdits() async throws {
        let served = try await ServedSite(Self.posts)
        let page = try await client.fetch(served.address + "search/")
        #expect(page.status == 200 && page.text.contains("search.js"))
        let manifest = try await client.fetch(served.address + "search-news/index.json")
        #expect(manifest.status == 200 && manifest.header("Content-Type") == "application/json")
        try await served.edit("---\ntitle: First\ndate: 2026-11-01\n---\nThe first post, now about zanzibar.\n",
                              at: "Content/news/2026-11-01-first.md")
        let indexFiles = SiteFiles.read(served.site.output).filter { $0.key.hasPrefix("search-news/") }
        let holding = indexFiles.filter { String(decoding: $0.value, as: UTF8.self).contains("zanzibar") }.keys.sorted()
        #expect(!holding.isEmpty, "no index file holds the new word")
        for path in holding {
            let file = try await client.fetch(served.address + path)
            #expect(file.status == 200 && file.text.contains("zanzibar"), "\(path)")
        }
        await served.stop()
    }

    @Test func anEditReloadsAndANoOpSaveSendsNothing() async throws {
        let served = try await ServedSite(Self.posts)
        let stream = try await EventStreamClient(served.origin + "/__sitegen/events")
        try await served.edit("---\ntitle: First\ndate: 2026-11-01\n---\nThe first post, edited.\n", at: "Content/news/2026-11-01-first.md")
        let reload = try await stream.event(after: 0)
        #expect(reload.name == "reload")
        #expect(reload.data.contains("\"\\/music\\/news\\/first\\/index.html\""), "\(reload.data)")
        #expect(try await client.fetch(served.address + "news/first/").text.contains("The first post, edited."))
        // Saving the same bytes again builds, changes nothing and tells nobody.
        try await served.edit("---\ntitle: First\ndate: 2026-11-01\n---\nThe first post, edited.\n", at: "Content/news/2026-11-01-first.md")
        try await Task.sleep(for: .milliseconds(300))
        #expect(stream.events.count == 1)
        // A stylesheet's change names the stylesheet, so the page can swap it in place.
        try await served.edit("body { color: blue; }\n", at: "Templates/assets/css/base.css")
        let css = try await stream.event(after: 1)
        #expect(css.name == "reload")
        #expect(css.data == "{\"changed\":[\"\\/music\\/assets\\/css\\/base.css\"]}")
        stream.close()
        await served.stop()
    }

    @Test func aFailedBuildShowsItsErrorUntilTheNextGoodOne() async throws {
        let served = try await ServedSite(Self.posts)
        let stream = try await EventStreamClient(served.origin + "/__sitegen/events")
        let post = try String(contentsOf: served.site.templates.appendingPathComponent("news/post.mustache"), encoding: .utf8)
        let before = try await client.fetch(served.address + "news/first/")
        try await served.edit("{{<layout}}{{$content}}\n{{#title}}\n{{/content}}{{/layout}}\n", at: "Templates/news/post.mustache")
        let failed = try await stream.event(after: 0)
        #expect(failed.name == "failed")
        let error = try JSONSerialization.jsonObject(with: Data(failed.data.utf8)) as? [String: Any]
        #expect((error?["file"] as? String)?.hasSuffix("news/post.mustache") == true, "\(failed.data)")
        #expect(error?["line"] as? Int != nil && error?["column"] as? Int != nil, "\(failed.data)")
        #expect((error?["message"] as? String)?.isEmpty == false)
        // The last good site stays served, and a page opened now learns of the failure at once.
        #expect(try await client.fetch(served.address + "news/first/").body == before.body)
        let late = try await EventStreamClient(served.origin + "/__sitegen/events")
        #expect(try await late.event(after: 0).name == "failed")
        // Putting the template back builds nothing new, but the overlay must go.
        try await served.edit(post, at: "Templates/news/post.mustache")
        #expect(try await stream.event(after: 1).name == "fixed")
        #expect(try await late.event(after: 1).name == "fixed")
        stream.close()
        late.close()
        await served.stop()
    }

    /// A site whose first build fails has nothing to serve yet: its pages still listen, show
    /// the error, and show the site once it builds, where its base URL puts it.
    @Test func aSiteThatNeverBuiltStillListens() async throws {
        var files = Self.posts
        files["Content/site.yml"] = "title: [Served\nbase_url: https://example.org/music/\n"
        let served = try await ServedSite(files)
        #expect(served.address == served.origin + "/", "site.yml unreadable: at the root for now")
        let empty = try await client.fetch(served.address)
        #expect(empty.status == 404)
        #expect(empty.text.contains("<script src=\"/__sitegen/live-reload.js\""))
        let stream = try await EventStreamClient(served.origin + "/__sitegen/events")
        let failed = try await stream.event(after: 0)
        #expect(failed.name == "failed" && failed.data.contains("site.yml"), "\(failed.data)")
        try await served.edit(ServedSite.siteYML, at: "Content/site.yml")
        #expect(try await stream.event(after: 1).name == "fixed")
        #expect(try await stream.event(after: 2).name == "reload")
        #expect(try await client.fetch(served.origin + "/music/news/first/").status == 200)
        stream.close()
        await served.stop()
    }

    /// On loopback, a request naming another host (a DNS rebinding page in the author's own
    /// browser) is refused; the loopback names, with or without a port, are served.
    @Test func onlyLoopbackHostsAreServed() async throws {
        let served = try await ServedSite(Self.posts)
        let port = URL(string: served.origin)!.port!
        for host in ["attacker.example:\(port)", "attacker.example", "127.0.0.1.attacker.example", "10.0.0.1"] {
            let answer = try await rawExchange(port: port, "GET /music/news/first/ HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 403"), "\(host): \(answer.prefix(100))")
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "[::1]:\(port)", "127.1.2.3"] {
            let answer = try await rawExchange(port: port, "GET /music/news/first/ HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(host): \(answer.prefix(100))")
        }
        await served.stop()
    }

    @Test func theSiteLivesWhereItsBaseURLPutsIt() async throws {
        let served = try await ServedSite(Self.posts)
        let page = try await client.fetch(served.address + "news/first/")
        #expect(page.text.contains("<link rel=\"canonical\" href=\"\(served.address)news/first/\">"), "built for the preview's address")
        #expect(try await client.fetch(served.origin + "/news/first/").status == 404)
        // At a host's root, the site is at the server's root.
        try await served.edit("title: Served\nbase_url: https://example.org/\ntime_zone: UTC\n", at: "Content/site.yml")
        let moved = try await client.fetch(served.origin + "/news/first/")
        #expect(moved.status == 200)
        #expect(moved.text.contains("<link rel=\"canonical\" href=\"\(served.origin)/news/first/\">"))
        // Doubled slashes at the root go to "/", never to "//" (a browser reads that as a host).
        let port = URL(string: served.origin)!.port!
        for path in ["//", "///"] {
            let answer = try await rawExchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 302") && answer.contains("\r\nLocation: /\r\n"), "\(path) -> \(answer.prefix(200).debugDescription)")
        }
        await served.stop()
    }

    /// A new path in base_url moves the site only once a build there succeeds (a failed one
    /// leaves the last good site where it was), and then tells the open pages where it went.
    @Test func aFailedBuildMovesNothingAndAMoveTellsTheOpenPages() async throws {
        let served = try await ServedSite(Self.posts)
        let stream = try await EventStreamClient(served.origin + "/__sitegen/events")
        // The new path with a setting out of its range: the build fails.
        try await served.edit("title: Served\nbase_url: https://example.org/live/\ntime_zone: UTC\nnews:\n  page_size: 0\n", at: "Content/site.yml")
        #expect(try await stream.event(after: 0).name == "failed")
        #expect(try await client.fetch(served.address + "news/first/").status == 200, "the last good site stays where it was")
        #expect(try await client.fetch(served.origin + "/live/news/first/").status == 404)
        try await served.edit("title: Served\nbase_url: https://example.org/live/\ntime_zone: UTC\n", at: "Content/site.yml")
        #expect(try await stream.event(after: 1).name == "fixed")
        let moved = try await stream.event(after: 2)
        let payload = try JSONSerialization.jsonObject(with: Data(moved.data.utf8)) as? [String: Any]
        #expect(moved.name == "reload" && payload?["movedFrom"] as? String == "/music/" && payload?["movedTo"] as? String == "/live/", "\(moved.data)")
        #expect(try await client.fetch(served.origin + "/live/news/first/").status == 200)
        #expect(try await client.fetch(served.address + "news/first/").status == 404)
        stream.close()
        await served.stop()
    }

    /// A base URL whose path has escapes ("/my%20site/") keeps them: in the address, the
    /// redirects, the links (as `sitegen build` writes them) and the live-reload events, which
    /// a page compares with the paths its browser reports, encoded.
    @Test func aBasePathWithEscapesStaysEncoded() async throws {
        var files = Self.posts
        files["Content/site.yml"] = "title: Served\nbase_url: https://example.org/my%20site/\ntime_zone: UTC\n"
        let served = try await ServedSite(files)
        #expect(served.address == served.origin + "/my%20site/")
        #expect(try await client.fetch(served.origin + "/").header("Location") == "/my%20site/")
        let port = URL(string: served.origin)!.port!
        let folder = try await rawExchange(port: port, "GET /my%20site/news/first HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(folder.contains("\r\nLocation: /my%20site/news/first/\r\n"), "\(folder.prefix(200).debugDescription)")
        let page = try await client.fetch(served.address + "news/first/")
        #expect(page.status == 200)
        #expect(page.text.contains("<link rel=\"canonical\" href=\"\(served.origin)/my%20site/news/first/\">"))
        #expect(page.text.contains("data-page=\"/my%20site/news/first/index.html\""))
        let missing = try await client.fetch(served.address + "none/")
        #expect(missing.status == 404 && !missing.text.contains("/my site/") && missing.text.contains("\"/my%20site/"))
        let stream = try await EventStreamClient(served.origin + "/__sitegen/events")
        try await served.edit("body { color: blue; }\n", at: "Templates/assets/css/base.css")
        #expect(try await stream.event(after: 0).data == "{\"changed\":[\"\\/my%20site\\/assets\\/css\\/base.css\"]}")
        stream.close()
        await served.stop()
    }

    /// Many clients at once while builds replace files, some leaving mid-answer: every answer is
    /// whole, and the server serves on.
    @Test func concurrentRequestsDuringRebuilds() async throws {
        var files = Self.posts
        files["Content/static/big.bin"] = String(repeating: "0123456789abcdef", count: 256 * 1024)
        let served = try await ServedSite(files)
        let client = self.client
        let address = served.address
        // No build in this test changes the stylesheet: each answer must be these bytes.
        let stylesheet = try await client.fetch(address + "assets/css/base.css").body
        #expect(stylesheet.count > 100)
        let editing = Task {
            for round in 1...4 {
                try served.site.write("---\ntitle: First\ndate: 2026-11-01\n---\nRound \(round).\n", to: "Content/news/2026-11-01-first.md")
                try await Task.sleep(for: .milliseconds(120))
            }
        }
        // Clients that go away: event streams and a large file, cancelled after they started.
        for _ in 0..<5 {
            let stream = try await EventStreamClient(served.origin + "/__sitegen/events")
            stream.close()
        }
        let leaving = client.session.dataTask(with: URL(string: address + "big.bin")!)
        leaving.resume()
        try await Task.sleep(for: .milliseconds(20))
        leaving.cancel()
        let results = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for index in 0..<60 {
                group.addTask {
                    let path = ["", "news/first/", "news/second/", "assets/css/base.css", "feed.xml", "big.bin"][index % 6]
                    let response = try await client.fetch(address + path)
                    let whole = path.hasSuffix(".css") ? response.body == stylesheet
                        : path.hasSuffix(".bin") ? response.body.count == 16 * 256 * 1024
                        : path.hasSuffix(".xml") ? response.text.hasSuffix("</feed>\n") : response.text.contains("</html>")
                    return (response.status, whole)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        try await editing.value
        #expect(results.count == 60)
        #expect(results.allSatisfy { $0.0 == 200 && $0.1 }, "\(results.filter { $0.0 != 200 || !$0.1 })")
        #expect(try await client.fetch(address + "big.bin").body.count == 16 * 256 * 1024)
        await served.stop()
    }

    @Test func aPortInUseIsAClearError() async throws {
        let served = try await ServedSite(Self.posts)
        var settings = PreviewSession.Settings()
        settings.port = UInt16(URL(string: served.address)!.port!)
        let elsewhere = served.site.options(output: served.site.root.appendingPathComponent("Other"))
        let second = try PreviewSession(options: elsewhere, settings: settings) { _, _, _ in .success(BuildReport()) }
        await #expect(throws: SitegenError.self) { _ = try await second.start() }
        do {
            _ = try await second.start()
        } catch {
            #expect(error.message.contains("in use") && error.option == .port && !error.message.contains("--"), "\(error)")
        }
        await served.stop()
    }

    /// Two previews of one output folder would rebuild it in turn, each with its own address in
    /// every absolute link: the second is refused, naming the first.
    @Test func aSecondPreviewOfOneOutputIsRefused() async throws {
        let served = try await ServedSite(Self.posts)
        #expect { _ = try PreviewSession(options: served.site.options(), settings: PreviewSession.Settings()) { _, _, _ in .success(BuildReport()) } }
            throws: { "\($0)".contains("another sitegen serve (process \(getpid())) previews into Output") }
        await served.stop()
    }

    /// Where inotify is missing (macOS), the folders are polled: the same edit reloads the page.
    @Test func pollingServesTheSameEdits() async throws {
        let served = try await ServedSite(Self.posts, polling: true)
        #expect(served.session.rebuilds.pollingReason == "asked for")
        let stream = try await EventStreamClient(served.origin + "/__sitegen/events")
        try await served.edit("---\ntitle: Second\ndate: 2026-11-02\n---\nPolled.\n", at: "Content/news/2026-11-02-second.md")
        let reload = try await stream.event(after: 0)
        #expect(reload.data.contains("news\\/second\\/index.html"))
        stream.close()
        await served.stop()
    }
}

