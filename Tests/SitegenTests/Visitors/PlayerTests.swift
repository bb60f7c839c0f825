import Foundation
import SitegenCore
import Testing
@testable import SitegenArchive

/// The recording page's player: native `<audio controls>` per track that work without
/// JavaScript, and the bar player.js drives, hidden until the script shows it.
@Suite("Player")
struct PlayerTests {
    static func page(_ path: String) throws -> String {
        let site = try ArchiveFixtureSite(ArchiveFixtureSite.standard)
        let section = try #require(try site.load())
        let clock = BuildClock(today: LocalDate(iso: "2026-11-22")!, timeZone: TimeZone(identifier: "UTC")!)
        return try PageRendering.render(path, in: section.pages(PageContext(config: SiteConfig().english, clock: clock)))
    }

    @Test("a stream-only recording plays its MP3 derivatives, never its private originals")
    func streamOnly() throws {
        let html = try Self.page("recordings/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644/")
        let audios = html.matches(of: /<audio class="track-audio" controls preload="none" aria-label="Play [^"]+">(.*?)<\/audio>/)
        #expect(audios.count == 4, "one per track")
        for audio in audios {
            let sources = audio.output.1.matches(of: /<source src="([^"]+)" type="([^"]+)">/)
            #expect(sources.count == 1)
            #expect(sources.first.map { String($0.output.1) }?.hasSuffix(".mp3") == true)
            #expect(sources.first.map { String($0.output.2) } == "audio/mpeg")
        }
        #expect(html.contains("<source src=\"https://archive.org/download/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644/02%20Shakedown%20Street.mp3\" type=\"audio/mpeg\">"))
        #expect(!html.contains(".flac\""), "no private original anywhere")
        #expect(!html.contains("autoplay"))
    }

    @Test("without JavaScript: native controls and no visible bar; with it: the script and its labels")
    func markup() throws {
        let html = try Self.page("recordings/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644/")
        // The bar is `hidden` in the HTML: a visitor without JavaScript sees only the native controls.
        #expect(html.contains("<div class=\"player\" data-player hidden data-label-play=\"Play\" data-label-pause=\"Pause\""))
        #expect(html.contains("<script src=\"../../assets/js/player.js\" defer></script>"))
        // One list per set of the setlist (this one has none), all in the playlist.
        #expect(html.contains("<div class=\"setlist\" data-playlist>\n      <ol class=\"tracks\">"))
        for control in ["data-player-previous", "data-player-toggle", "data-player-next"] {
            #expect(html.contains("<button type=\"button\" class=\"player-button") && html.contains(control), "\(control) is a real button")
        }
        #expect(html.contains("aria-live=\"polite\""))
        // The script the page names exists and does what the bar promises.
        let script = try String(contentsOf: TestPaths.templates.appendingPathComponent("assets/js/player.js"), encoding: .utf8)
        for needle in ["'ended'", "bar.hidden = false", "aria-current", "ArrowRight", "data-label-pause"] {
            #expect(script.contains(needle), "player.js handles \(needle)")
        }
        #expect(!script.contains(".play();\n  }\n})"), "nothing plays on load")
    }

    @Test("a recording without streamable files has no player")
    func noPlayer() throws {
        let html = try Self.page("recordings/gd1990-04-03.aud.bertha.12345.flac16/")
        #expect(!html.contains("<audio") && !html.contains("player.js"))
    }

    @Test("the concert page links the recommended recording's player")
    func concertLink() throws {
        let html = try Self.page("artists/grateful-dead/1990-04-03/")
        #expect(html.contains("<a class=\"button\" href=\"../../../recordings/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644/#tracks\">▶ Play the recommended recording</a>"))
    }

    /// In the sample, 1977-05-08's first recording (the FM broadcast) has no cached item, so no
    /// tracks; the next in the recommended order that streams is offered, not no button at all.
    @Test("a concert whose first recording cannot be played links the next that can")
    func concertLinkPastAnUnplayableFirst() throws {
        let site = try SampleSite.get().site
        let html = try #require(site.read("artists/grateful-dead/1977-05-08/index.html"))
        let first = try #require(html.range(of: "recordings/gd1977-05-08.fm.wnew.2112.flac16/\""))
        let next = try #require(html.range(of: "recordings/gd1977-05-08.shure57.stevenson.29303.flac16/\""))
        #expect(first.lowerBound < next.lowerBound, "the FM recording is recommended first")
        // Not "the recommended recording": the tile marked so is the FM one, which cannot play.
        #expect(html.contains("href=\"../../../recordings/gd1977-05-08.shure57.stevenson.29303.flac16/#tracks\">▶ Play the best recording that streams</a>"))
        #expect(site.read("recordings/gd1977-05-08.fm.wnew.2112.flac16/index.html")?.contains("<audio") == false)
    }
}
