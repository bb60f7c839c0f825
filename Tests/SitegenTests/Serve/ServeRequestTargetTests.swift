import Foundation
@testable import SitegenServe
import Testing

@Suite("Serve: request paths and the injected script")
struct ServeRequestTargetTests {
    @Test func pathsAreDecodedOnceAndCheckedBeforeUse() {
        let target = RequestTarget(rawPath: "/music//news/a%20b/")
        #expect(target?.segments == ["music", "news", "a b"] && target?.endsWithSlash == true)
        #expect(RequestTarget(rawPath: "/music/feed.xml")?.endsWithSlash == false)
        #expect(RequestTarget(rawPath: "/%252e%252e/x")?.segments == ["%2e%2e", "x"], "decoded once: a name, not a step up")
        for bad in ["/../x", "/a/./b", "/%2e%2e/x", "/%2E%2e%2fx", "/a\\b", "/a%5cb", "/a%00b", "/%ff", "/%zz", "x", ""] {
            #expect(RequestTarget(rawPath: bad) == nil, "\(bad)")
        }
        #expect(RequestTarget(rawPath: "/music/news/")?.below(["music"]) == ["news"])
        #expect(RequestTarget(rawPath: "/musicals/")?.below(["music"]) == nil)
    }

    @Test func theScriptGoesBeforeTheLastBodyEnd() {
        let page = Data("<html><body><p>&lt;/body&gt;</p></body></html>".utf8)
        let injected = String(decoding: LiveReloadScript.inject(LiveReloadScript.tag(page: "/a\"b/index.html", notFound: false), into: page), as: UTF8.self)
        #expect(injected == "<html><body><p>&lt;/body&gt;</p><script src=\"/__sitegen/live-reload.js\" data-events=\"/__sitegen/events\" data-worker=\"/__sitegen/live-reload-worker.js\" data-page=\"/a&quot;b/index.html\"></script></body></html>")
        let bare = String(decoding: LiveReloadScript.inject(LiveReloadScript.tag(page: "/x.html", notFound: true), into: Data("<p>x".utf8)), as: UTF8.self)
        #expect(bare.hasPrefix("<p>x<script ") && bare.contains(" data-not-found>"))
    }
}
