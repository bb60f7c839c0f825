import Foundation

/// The HTML summaries of Last.fm answers (an album's `wiki.summary`, an artist's `bio.summary`)
/// as plain text: Last.fm ends each with a link "Read more on Last.fm", which a page that links
/// to Last.fm itself does not repeat.
public enum LastFMSummary {
    /// Plain text without the trailing link; nil when nothing is left. A link to Last.fm within
    /// the text (an artist named in an album's wiki) stays, as words.
    public static func plainText(_ html: String) -> String? {
        var html = html
        if let link = html.range(of: "<a href=\"https://www.last.fm", options: .backwards)
            ?? html.range(of: "<a href=\"http://www.last.fm", options: .backwards),
           html[link.lowerBound...].contains("Read more on Last.fm") {
            html = String(html[..<link.lowerBound])
        }
        var text = HTMLText.plainText(html)
        if let range = text.range(of: "Read more on Last.fm", options: .backwards) {
            text = String(text[..<range.lowerBound]).trimmed
        }
        return text.isEmpty ? nil : text
    }
}
