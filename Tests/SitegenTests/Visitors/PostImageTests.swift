import Foundation
import SitegenCore
import Testing

/// Images in posts get their width and height from the file in static/ and load lazily
/// (`Markdown.render(imageSize:)`, `ImageSize`).
@Suite("Images in posts")
struct PostImageTests {
    static func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    /// The first bytes of each format, as encoders write them.
    static func png(_ width: Int, _ height: Int) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 2, 0, 0, 0, 0, 0, 0, 0])
    }
    static func gif(_ width: Int, _ height: Int) -> Data { Data(Array("GIF89a".utf8) + le16(width) + le16(height) + [0, 0, 0]) }
    static func jpeg(_ width: Int, _ height: Int) -> Data {
        // SOI, an APP0 (JFIF) and an APP1 segment before the frame header (SOF2, progressive), fill bytes before it.
        Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
             + [0xFF, 0xE1, 0, 6, 1, 2, 3, 4] + [0xFF, 0xFF, 0xC2, 0, 17, 8] + [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
             + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9])
    }
    static func webp(_ chunk: String, _ payload: [UInt8]) -> Data {
        Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0] + payload)
    }

    @Test("PNG, GIF, JPEG and WebP sizes from their headers")
    func formats() throws {
        #expect(ImageSize.of(Self.png(640, 480)) == ImageSize.of(Self.gif(640, 480)))
        #expect(ImageSize.of(Self.png(640, 480)).map { [$0.width, $0.height] } == [640, 480])
        #expect(ImageSize.of(Self.gif(3, 70)).map { [$0.width, $0.height] } == [3, 70])
        #expect(ImageSize.of(Self.jpeg(1024, 768)).map { [$0.width, $0.height] } == [1024, 768])
        // VP8: frame tag, start code, 14-bit sizes (the top bits are scaling).
        let vp8 = Self.webp("VP8 ", [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A] + Self.le16(400 | 0x4000) + Self.le16(300))
        #expect(ImageSize.of(vp8).map { [$0.width, $0.height] } == [400, 300])
        // VP8L: signature, then width - 1 and height - 1 in 14 bits each.
        let (w, h) = (1000 - 1, 2 - 1)
        let bits = w | h << 14
        let vp8l = Self.webp("VP8L", [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24 & 0xFF)])
        #expect(ImageSize.of(vp8l).map { [$0.width, $0.height] } == [1000, 2])
        let vp8x = Self.webp("VP8X", [0, 0, 0, 0, 0xFF, 0x01, 0x00, 0x0F, 0x00, 0x00])
        #expect(ImageSize.of(vp8x).map { [$0.width, $0.height] } == [512, 16])
        let sample = try Data(contentsOf: TestPaths.content.appendingPathComponent("static/images/share.png"))
        #expect(ImageSize.of(sample) != nil)
    }

    @Test("an SVG's size from its root: width and height in pixels, else its viewBox")
    func svg() throws {
        func size(_ text: String) -> [Int]? { ImageSize.of(Data(text.utf8)).map { [$0.width, $0.height] } }
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\""
        #expect(size(svg + " width=\"800\" height=\"400px\"/>") == [800, 400])
        #expect(size("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- drawn by hand -->\n" + svg + " viewBox=\"0 0 120.4,60\"></svg>") == [120, 60])
        #expect(size(svg + " width=\"300\" viewBox=\"0 0 800 400\"/>") == [300, 150])
        #expect(size(svg + " height=\"100\" viewBox=\"0 0 800 400\"/>") == [200, 100])
        #expect(size(svg + " width=\"100%\" height=\"10em\" viewBox=\"0 0 16 9\"/>") == [16, 9], "other units: the viewBox")
        #expect(size(svg + " width=\"100%\"/>") == nil)
        #expect(size(svg + " viewBox=\"0 0 0 10\"/>") == nil)
        #expect(size(svg + " width=\"1e9\" height=\"10\"/>") == nil)
        #expect(size("<html><svg width=\"10\" height=\"10\"/></html>") == nil, "the root must be svg")
        #expect(size("<svg width=\"10\" height=") == nil, "cut inside the root's tag")
        #expect(size("not markup") == nil)
        // An entity bomb (a billion a's) in the root's tag: libxml2 refuses it, at once.
        var bomb = "<!DOCTYPE svg [<!ENTITY e0 \"aaaaaaaaaa\">"
        for level in 1...8 { bomb += "<!ENTITY e\(level) \"" + String(repeating: "&e\(level - 1);", count: 10) + "\">" }
        let started = Date()
        #expect(size(bomb + "]>" + svg + " width=\"&e8;\" height=\"10\" viewBox=\"0 0 20 10\"/>") == nil)
        #expect(Date().timeIntervalSince(started) < 1)
        let sample = try Data(contentsOf: TestPaths.content.appendingPathComponent("static/images/tape-deck.svg"))
        #expect(ImageSize.of(sample).map { [$0.width, $0.height] } == [800, 400])
    }

    @Test("damaged and hostile headers give no size and never read past the bytes")
    func hostile() {
        for image in [Self.png(640, 480), Self.gif(640, 480), Self.jpeg(640, 480),
                      Self.webp("VP8X", [0, 0, 0, 0, 0xFF, 0x01, 0x00, 0x0F, 0x00, 0x00])] {
            for length in 0..<image.count - 1 {
                let cut = ImageSize.of(image.prefix(length))
                #expect(cut == nil || cut == ImageSize.of(image), "cut at \(length)")
            }
        }
        #expect(ImageSize.of(Self.png(0, 10)) == nil)
        #expect(ImageSize.of(Self.png(0x7FFF_FFFF, 10)) == nil)
        #expect(ImageSize.of(Self.gif(0, 0)) == nil)
        // A segment length under 2 would loop on the same bytes.
        #expect(ImageSize.of(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0xFF, 0xC0])) == nil)
        #expect(ImageSize.of(Data([0xFF, 0xD8] + Array(repeating: 0xFF, count: 5000))) == nil)
        var random = SeededRandom(seed: 27)
        for _ in 0..<3000 {
            var bytes = [[0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], Array("RIFF\0\0\0\0WEBPVP8".utf8), Array("GIF89a".utf8)][Int(random.next() % 4)]
            for _ in 0..<Int(random.next() % 40) { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
            if let size = ImageSize.of(Data(bytes)) { #expect(size.width > 0 && size.height > 0) }
        }
    }

    @Test("the markdown's images in the site get width, height and loading=lazy; others are left as they are")
    func markdown() {
        let sizes = ["images/a.png": ImageSize.of(Self.png(640, 480))!]
        let source = "# Top\n\n![A](/images/a.png \"Title\") ![B](https://example.org/b.png) ![C](/images/none.png) ![D](images/a.png)\n\n## Next\n"
        let (html, headings) = Markdown().render(source, sitePrefix: "../../", imageSize: { sizes[$0] })
        #expect(html.contains("<img width=\"640\" height=\"480\" loading=\"lazy\" src=\"../../images/a.png\" alt=\"A\" title=\"Title\" />"))
        #expect(html.contains("<img src=\"https://example.org/b.png\" alt=\"B\" />"))
        #expect(html.contains("<img src=\"../../images/none.png\" alt=\"C\" />"))
        #expect(html.contains("<img src=\"images/a.png\" alt=\"D\" />"), "a relative path is the page's, not the site's")
        #expect(headings.map(\.id) == ["top", "next"] && html.contains("<h2 id=\"next\">"))
        #expect(Markdown().render(source, sitePrefix: "../../").html == html.replacingOccurrences(of: " width=\"640\" height=\"480\" loading=\"lazy\"", with: ""))
        // Raw HTML with an <img> of its own: the count differs, so no image is changed.
        let raw = Markdown(rawHTML: true).render("<img src=\"x.png\">\n\n![A](/images/a.png)\n", imageSize: { sizes[$0] }).html
        #expect(!raw.contains("width="))
        #expect(Markdown().render("Code `<img src=\"x\">` and ![A](/images/a.png)", imageSize: { sizes[$0] }).html.contains("<img width=\"640\""))
    }

    @Test("a post's page sizes its images from static/, and follows a replaced image to the clean result")
    func site() throws {
        let site = try TemporarySite([
            "Content/site.yml": "title: T\nbase_url: https://example.org/music/\n",
            "Content/news/2026-11-01-pictures.md": "---\ntitle: Pictures\n---\n![Deck](/images/deck.png)\n\n![Gone](/images/gone.png)\n\n![Vector](/images/v.svg)\n\n![Up](/../etc/passwd)\n\n"
                + "![Spaced](/images/my%20deck.png)\n\n![Hidden](/images/.hidden.png)\n",
            "Content/news/2026-11-02-words.md": "---\ntitle: Words\n---\nNo picture here.\n",
            "Content/static/images/v.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>",
        ])
        defer { site.delete() }
        let image = site.root.appendingPathComponent("Content/static/images/deck.png")
        try Self.png(320, 200).write(to: image)
        try Self.png(30, 20).write(to: site.root.appendingPathComponent("Content/static/images/my deck.png"))
        try Self.png(30, 20).write(to: site.root.appendingPathComponent("Content/static/images/.hidden.png"))
        try site.build()
        let page = try #require(site.read("news/pictures/index.html"))
        #expect(page.contains("<img width=\"320\" height=\"200\" loading=\"lazy\" src=\"../../images/deck.png\" alt=\"Deck\" />"))
        #expect(page.contains("<img src=\"../../images/gone.png\" alt=\"Gone\" />"))
        #expect(page.contains("<img width=\"10\" height=\"10\" loading=\"lazy\" src=\"../../images/v.svg\" alt=\"Vector\" />"))
        #expect(page.contains("alt=\"Up\" />") && !page.contains("alt=\"Up\" width"))
        #expect(page.contains("<img width=\"30\" height=\"20\" loading=\"lazy\" src=\"../../images/my%20deck.png\" alt=\"Spaced\" />"),
                "a percent-encoded path names the file as front matter's `image` does")
        #expect(page.contains("<img src=\"../../images/.hidden.png\" alt=\"Hidden\" />"), "a hidden file is not published")
        #expect(site.read("feed.xml")?.contains("width=") == false, "the feed is left as it was")
        try Self.png(640, 400).write(to: image)
        let report = try site.build()
        #expect(report.rendered.contains("news/pictures/index.html"))
        #expect(!report.rendered.contains("news/words/index.html"), "a post without images does not depend on static/")
        #expect(site.read("news/pictures/index.html")?.contains("width=\"640\" height=\"400\"") == true)
        try IncrementalBuildTests.expectSameAsClean(site)
    }
}
