import Foundation
import Sitegen
import SitegenCore
import Testing
@testable import SitegenCharts

/// Pages show the copies of Last.fm's images that `sitegen fetch` keeps in
/// Content/static/images/lastfm/ (`LocalImages`) and hot-link Last.fm only without one.
@Suite("Local copies of Last.fm images")
struct LocalImageTests {
    /// One of the sample's copies: an 8 × 8 PNG, the kind of file fetch stores.
    static func png() throws -> Data {
        try Data(contentsOf: TestPaths.content.appendingPathComponent("static/images/lastfm/albums/735771b2-37d0-47c9-fe01-43729313badf.png"))
    }

    @Test("a listing gives each stem one copy of a known type; markers, unknown types and unsafe names are none")
    func listing() {
        let images = LocalImages(kind: "albums", names: ["a.png", "a.jpg", "b.jpg.missing", "c.img", "d e.png", "E.WEBP", ".png", "f"])
        #expect(images.source(stem: "a", remote: "https://x/a.jpg") == ImageSource(src: "images/lastfm/albums/a.jpg", local: true))
        #expect(images.source(stem: "E", remote: "https://x/e.webp").local)
        for stem in ["b", "b.jpg", "c", "d e", "", "f"] {
            #expect(images.source(stem: stem, remote: "https://x/\(stem)") == ImageSource(src: "https://x/\(stem)", local: false), "\(stem)")
        }
        #expect(images.input(stem: "a") != images.input(stem: "b"))
        #expect(images.input(stem: "b") == LocalImages(kind: "albums", names: []).input(stem: "b"))
        let config = SiteConfig(baseURL: "https://example.org/music/")
        #expect(images.source(stem: "a", remote: "https://x/a.jpg").absolute(config) == "https://example.org/music/images/lastfm/albums/a.jpg")
    }

    @Test("the sample's week, album and event pages show the copies, relative to the page; share images are absolute")
    func sample() throws {
        let site = try SampleSite.get().site
        let cover = "images/lastfm/albums/735771b2-37d0-47c9-fe01-43729313badf.png"
        #expect(site.outputFiles()[cover] == (try Self.png()), "static/ publishes the copy")
        var weekPages = 0
        var albumPage: String?
        for (path, data) in site.outputFiles() where path.hasPrefix("charts/") && path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            let root = String(repeating: "../", count: path.split(separator: "/").count - 1)
            if html.contains("<img class=\"cover\" src=\"\(root)\(cover)\"") {
                weekPages += 1
                if path.contains("/albums/") { albumPage = html }
            }
            #expect(!html.contains("src=\"images/lastfm") && !html.contains("src=\"/"), "\(path): a copy's path without the way to the root")
        }
        #expect(weekPages > 3)
        let album = try #require(albumPage)
        #expect(album.contains("<meta property=\"og:image\" content=\"https://example.org/music/\(cover)\">"))
        #expect(album.contains("\"image\":\"https://example.org/music/\(cover)\""), "MusicAlbum's image")
        // An album without a copy still links Last.fm.
        #expect(try #require(site.read("charts/deadhead-mara/1-years-ago/index.html")).contains("src=\"https://lastfm.freetls.fastly.net/"))

        let events = site.outputFiles().filter { $0.key.hasPrefix("events/") && $0.key.hasSuffix("/index.html") }
        let owls = events.compactMap { path, data -> (String, String)? in
            let html = String(decoding: data, as: UTF8.self)
            return html.contains("alt=\"Photo of Golden Owls\"") ? (path, html) : nil
        }
        #expect(!owls.isEmpty)
        for (path, html) in owls {
            let root = String(repeating: "../", count: path.split(separator: "/").count - 1)
            #expect(html.contains("<img src=\"\(root)images/lastfm/artists/golden-owls.png\""), "\(path)")
        }
        #expect(owls.contains { $0.1.contains("<meta property=\"og:image\" content=\"https://example.org/music/images/lastfm/artists/golden-owls.png\">") })
    }

    @Test("a copy arriving or going re-renders the pages that show the cover, to the clean result")
    func incremental() throws {
        let site = try ChartsIncrementalTests.site()
        defer { site.delete() }
        try site.build()
        let week = "charts/ybsc/weeks/\(ChartsIncrementalTests.weeks[0])/index.html"
        #expect(site.read(week)?.contains("src=\"https://") == true)
        let copy = "Content/static/images/lastfm/albums/band--a.png"
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent(copy).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Self.png().write(to: site.root.appendingPathComponent(copy))
        var report = try site.build()
        #expect(report.rendered.contains(week))
        #expect(site.read(week)?.contains("src=\"../../../../images/lastfm/albums/band--a.png\"") == true)
        #expect(site.outputFiles()["images/lastfm/albums/band--a.png"] != nil)
        try IncrementalBuildTests.expectSameAsClean(site)
        // A marker of a missing image is no copy, and changes no page.
        try site.write("", to: "Content/static/images/lastfm/albums/band--b.jpg.missing")
        report = try site.build()
        #expect(!report.rendered.contains(week))
        #expect(site.outputFiles()["images/lastfm/albums/band--b.jpg.missing"] == nil, "fetch's marker is not published")
        try IncrementalBuildTests.expectSameAsClean(site)
        try site.remove(copy)
        report = try site.build()
        #expect(report.rendered.contains(week))
        #expect(site.read(week)?.contains("images/lastfm") == false)
        try IncrementalBuildTests.expectSameAsClean(site)
    }

    @Test("the sample's listener page and charts index show a listener's avatar copy")
    func sampleAvatars() throws {
        let site = try SampleSite.get().site
        let avatar = "images/lastfm/users/deadhead_mara.png"
        let bytes = try Data(contentsOf: TestPaths.content.appendingPathComponent("static/" + avatar))
        #expect(site.outputFiles()[avatar] == bytes, "static/ publishes the copy")
        let mara = try #require(site.read("charts/deadhead-mara/index.html"))
        #expect(mara.contains("<img class=\"avatar\" src=\"../../\(avatar)\" width=\"64\" height=\"64\" alt=\"Avatar of Mara\">"))
        let index = try #require(site.read("charts/index.html"))
        #expect(index.contains("<img class=\"avatar\" src=\"../\(avatar)\""))
        // tapehead77's is Last.fm's placeholder star and vinyl_jonas has none: no image, no copy
        // (a listener with an avatar and no copy links Last.fm: `incrementalAvatar`).
        for listener in ["tapehead77", "vinyl-jonas"] {
            let page = try #require(site.read("charts/\(listener)/index.html"))
            #expect(page.contains("avatar-none") && !page.contains("<img class=\"avatar\""), "\(listener)")
        }
    }

    @Test("an avatar copy arriving or going re-renders exactly the pages that show the avatar")
    func incrementalAvatar() throws {
        let site = try ChartsIncrementalTests.site()
        defer { site.delete() }
        try site.build()
        let shown: Set<String> = ["charts/index.html", "charts/ybsc/index.html"]
        #expect(site.read("charts/ybsc/index.html")?.contains("<img class=\"avatar\" src=\"https://") == true)
        let copy = "Content/static/images/lastfm/users/ybsc.png"
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent(copy).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Self.png().write(to: site.root.appendingPathComponent(copy))
        var report = try site.build()
        #expect(Set(report.rendered.filter { $0.hasSuffix(".html") }) == shown)
        #expect(site.read("charts/ybsc/index.html")?.contains("<img class=\"avatar\" src=\"../../images/lastfm/users/ybsc.png\"") == true)
        #expect(site.read("charts/index.html")?.contains("<img class=\"avatar\" src=\"../images/lastfm/users/ybsc.png\"") == true)
        #expect(site.outputFiles()["images/lastfm/users/ybsc.png"] != nil)
        try IncrementalBuildTests.expectSameAsClean(site)
        // A marker of a missing avatar is no copy, and changes no page.
        try site.write("", to: "Content/static/images/lastfm/users/other.png.missing")
        report = try site.build()
        #expect(report.rendered.filter { $0.hasSuffix(".html") }.isEmpty)
        try site.remove(copy)
        report = try site.build()
        #expect(Set(report.rendered.filter { $0.hasSuffix(".html") }) == shown)
        #expect(site.read("charts/ybsc/index.html")?.contains("images/lastfm") == false)
        try IncrementalBuildTests.expectSameAsClean(site)
    }
}
