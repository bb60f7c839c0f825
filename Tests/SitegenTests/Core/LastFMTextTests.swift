import Foundation
@testable import SitegenCore
import Testing

/// Last.fm's image lists and HTML summaries, read one way for the charts and for headliners.
@Suite("Last.fm images and summaries")
struct LastFMTextTests {
    @Test("images by size in the URL, else by size name; the placeholder and empty URLs left out")
    func imagesBySize() throws {
        let json = """
        {"image": [{"#text": "https://lastfm.freetls.fastly.net/i/u/34s/a.png", "size": "small"},
                   {"#text": "", "size": "medium"},
                   {"#text": "https://lastfm.freetls.fastly.net/i/u/174s/2a96cbd8b46e442fc41c2b86b821562f.png", "size": "large"},
                   {"#text": "https://example.org/big.png", "size": "ExtraLarge"},
                   {"#text": "https://example.org/other.png", "size": "mega"},
                   {"#text": "https://example.org/new.png", "size": "huge"}]}
        """
        let root = JSONCursor(try JSON.parse(Data(json.utf8), file: "a.json"), file: "a.json")
        let images = LastFMImages.bySize(root["image"], warnings: WarningLog())
        // "ExtraLarge" is 300 as "extralarge" is; the first of each size wins, so mega's and the
        // unknown size's (300 too) are left out.
        #expect(images.map { "\($0.pixels) \($0.url)" } == ["34 https://lastfm.freetls.fastly.net/i/u/34s/a.png", "300 https://example.org/big.png"])
    }

    @Test("the trailing 'Read more on Last.fm' link goes; a Last.fm link in the text stays as words")
    func summaries() {
        let summary = "Live at <a href=\"https://www.last.fm/venue/1\">the Hall</a>.  <a href=\"https://www.last.fm/music/X\">Read more on Last.fm</a>"
        #expect(LastFMSummary.plainText(summary) == "Live at the Hall.")
        #expect(LastFMSummary.plainText("About <a href=\"https://www.last.fm/music/Y\">Y</a>, a band.") == "About Y, a band.")
        #expect(LastFMSummary.plainText("Read more on Last.fm") == nil)
        #expect(LastFMSummary.plainText(" <a href=\"http://www.last.fm/music/X\">Read more on Last.fm</a>") == nil)
    }
}
