import Foundation
import SitegenCore
import Testing

/// The words the browser shows from the pages' scripts (favourites, near me, discover's random
/// concert, the search, the player, the type filter) and on /favourites/ and /search/ come from
/// the site's language too: the sample built in German shows no English word there.
@Suite("No English in the German site's script words")
struct GermanScriptWordsTests {
    /// The attributes scripts read as words; on /favourites/ and /search/ (which show no data)
    /// also those that are words for people anyway.
    static let pageAttributes: Set<String> = ["title", "aria-label", "placeholder", "alt"]
    static let scriptAttributes: Set<String> = [
        "data-searching", "data-none", "data-failed", "data-imported-one", "data-imported-other", "data-invalid",
        "data-exported", "data-km", "data-unknown", "data-asking", "data-sorted", "data-status",
        "data-label-play", "data-label-pause", "data-label-playing", "data-label-paused", "data-label-failed", "data-more", "data-maybe-more",
    ]

    /// Words of en.yml and some common English words that de.yml never uses: any of them on a
    /// German page is English left behind.
    static func englishWords() throws -> Set<String> {
        func wordsOf(_ file: String) throws -> Set<String> {
            let url = TestPaths.templates.appendingPathComponent("strings/" + file)
            let parsed = try SiteStrings.parse(String(contentsOf: url, encoding: .utf8), file: file)
            let texts = parsed.values.filter { !$0.key.hasPrefix(SiteStrings.formatsGroup + ".") }.map(\.value)
            return Set(texts.flatMap { Self.words(in: $0) })
        }
        let common = ["the", "and", "your", "you", "of", "to", "from", "not", "this", "is", "are", "with", "for", "or", "yet",
                      "here", "nothing", "found", "try", "again", "added", "file", "favourites", "search", "searching", "past",
                      "remove", "export", "import", "events", "concerts", "recordings", "artists", "albums", "songs", "venues",
                      "listeners", "news", "unknown", "loading", "play", "pause", "next", "previous", "now", "playing", "random"]
        return try wordsOf("en.yml").union(common).subtracting(wordsOf("de.yml"))
    }

    /// The words of a text, without the `{placeholders}` a script fills in.
    static func words(in text: String) -> [String] {
        text.replacingOccurrences(of: #"\{[a-z_]+\}"#, with: " ", options: .regularExpression).lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count > 1 }
    }

    /// The script attributes of a page; with `whole`, its other word attributes and the visible
    /// text of its <main> too.
    static func texts(of html: String, whole: Bool) -> [String] {
        var found: [String] = []
        let attribute = try! NSRegularExpression(pattern: #"\s([a-z-]+)="([^"]*)""#)
        let range = NSRange(html.startIndex..., in: html)
        for match in attribute.matches(in: html, range: range) {
            let name = String(html[Range(match.range(at: 1), in: html)!])
            if scriptAttributes.contains(name) || whole && pageAttributes.contains(name) { found.append(String(html[Range(match.range(at: 2), in: html)!])) }
        }
        if whole, let start = html.range(of: "<main"), let end = html.range(of: "</main>") {
            let main = String(html[start.lowerBound..<end.lowerBound])
            found.append(main.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression))
        }
        return found
    }

    @Test func noEnglishWordLeft() throws {
        let english = try Self.englishWords()
        #expect(english.isSuperset(of: ["favourites", "searching", "nothing", "past"]), "the list of English words is too short to test anything")
        let (site, _) = try GermanSiteTests.build()
        defer { site.delete() }
        // Every page that runs one of the scripts, by the element the script looks for.
        let scriptPages = ["events/london/index.html", "discover/index.html", "artists/grateful-dead/index.html"]
            + (try Self.recordingWithPlayer(site.output)).map { [$0] }.orEmpty
        #expect(scriptPages.count == 4, "no recording page with a player in the sample")
        var problems: [String] = []
        for (path, whole) in [("favourites/index.html", true), ("search/index.html", true)] + scriptPages.map({ ($0, false) }) {
            let html = try #require(site.read(path), "no \(path)")
            for text in Self.texts(of: html, whole: whole) {
                let left = Self.words(in: text).filter(english.contains)
                if !left.isEmpty { problems.append("\(path): \(left.joined(separator: ", ")) in “\(text.prefix(120))”") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // The scripts themselves write no words: what they show comes from those attributes.
        let scripts = site.output.appendingPathComponent("assets/js")
        for name in try FileManager.default.contentsOfDirectory(atPath: scripts.path) where name.hasSuffix(".js") {
            let code = try String(contentsOf: scripts.appendingPathComponent(name), encoding: .utf8)
            let literal = #"(textContent|innerText|\.title|aria-label['"],)\s*=?\s*['"][^'"]*[A-Za-z]{2}"#
            #expect(code.range(of: literal, options: .regularExpression) == nil, "\(name) writes a word of its own")
        }
    }

    static func recordingWithPlayer(_ output: URL) throws -> String? {
        let folder = output.appendingPathComponent("recordings")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let path = "recordings/\(name)/index.html"
            if let html = try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8), html.contains("data-player ") { return path }
        }
        return nil
    }
}

private extension Optional where Wrapped == [String] {
    var orEmpty: [String] { self ?? [] }
}
