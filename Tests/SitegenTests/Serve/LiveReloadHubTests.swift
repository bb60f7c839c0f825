@testable import SitegenServe
import Testing

/// Only a write tells the server that a page has gone: the heartbeat writes to every stream.
@Suite("Live reload streams")
struct LiveReloadHubTests {
    @Test func aHeartbeatReachesEveryStreamAsAComment() async {
        let hub = LiveReloadHub()
        let streams = [hub.subscribe(), hub.subscribe()]
        hub.heartbeat()
        for stream in streams {
            var events = stream.makeAsyncIterator()
            #expect(await events.next().map { String(decoding: $0, as: UTF8.self) }?.hasPrefix(": sitegen live reload") == true)
            #expect(await events.next() == Array(":\n\n".utf8))
        }
        #expect(LiveReloadHub.heartbeatInterval <= .seconds(30))
    }
}
