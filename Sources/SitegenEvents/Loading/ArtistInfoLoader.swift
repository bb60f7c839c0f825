import Foundation
import SitegenCore

/// Reads an optional Last.fm artist.getInfo cache (`LastFMArtistFiles`: the shared
/// `lastfm/artists/<slug of the name>.json`) for a headliner's picture and short bio, with
/// Last.fm's quirks: error bodies served as successes, empty image URLs, the placeholder star
/// image, HTML in `bio.summary`.
enum ArtistInfoLoader {
    /// nil when there is no cache file or it holds an error body (a warning naming the file).
    static func load(name: String, context: LoadContext) throws(SitegenError) -> ArtistInfo? {
        let file = LastFMArtistFiles.file(for: name)
        guard context.exists(file) else { return nil }
        let root = try context.json(file)
        if root.has("error") {
            let message = root.text("message") ?? "no message"
            context.warnings.add("Last.fm error \(root["error"].string ?? "?"): \(message); no artist details used",
                                 at: SourceLocation(file: root.file))
            return nil
        }
        if let other = LastFMAnswerShape.otherMethod(in: root, expected: "artist") {
            context.warnings.add("looks like a \(other) answer, not artist.getInfo; no artist details used", at: SourceLocation(file: root.file))
            return nil
        }
        let artist = try root.requireObject("a Last.fm artist.getInfo response")["artist"].requireObject("an `artist` object")
        return ArtistInfo(picture: picture(artist["image"].list, warnings: context.warnings), bio: bio(artist["bio"]["summary"].string),
                          url: artist.webURL("url", warnings: context.warnings), file: file)
    }

    /// A site from before these answers had a folder of their own keeps them in the charts
    /// section's (`LastFMArtistFiles.oldFolder`), which nothing reads now: one warning names both
    /// folders, so the headliners' pictures and bios do not vanish without a word.
    static func warnAboutOldFolder(_ context: LoadContext) {
        let old = context.files(in: LastFMArtistFiles.oldFolder, suffix: ".json")
        guard !old.isEmpty else { return }
        let (oldFolder, folder) = (context.displayPath(LastFMArtistFiles.oldFolder) + "/", context.displayPath(LastFMArtistFiles.folder) + "/")
        context.warnings.add("Last.fm artist.getInfo answers are read from \(folder) now, not from \(oldFolder): headliners get no "
                             + "picture or bio from \(old.count == 1 ? "the file" : "the \(old.count) files") there until moved (`sitegen fetch` moves them)",
                             at: SourceLocation(file: oldFolder))
    }

    /// Last.fm's star image, served for artists without a picture.
    static let placeholderHashes = ["2a96cbd8b46e442fc41c2b86b821562f", "c6f59c1e5e7240a4c0d427abd71f3dbb"]

    /// The largest real picture, chosen by `size` (never by position).
    static func picture(_ images: [JSONCursor], warnings: WarningLog) -> ArtistInfo.Picture? {
        let sizes: [(name: String, pixels: Int)] = [("extralarge", 300), ("mega", 300), ("large", 174), ("medium", 64), ("small", 34)]
        var bySize: [String: String] = [:]
        for image in images {
            guard let url = image.webURL("#text", warnings: warnings),
                  !placeholderHashes.contains(where: { url.contains($0) }) else { continue }
            bySize[image.text("size")?.lowercased() ?? ""] = url
        }
        for size in sizes {
            if let url = bySize[size.name] { return ArtistInfo.Picture(url: url, size: size.pixels) }
        }
        return bySize[""].map { ArtistInfo.Picture(url: $0, size: 300) }
    }

    /// Plain text without the trailing "Read more on Last.fm" link; nil when nothing is left.
    static func bio(_ html: String?) -> String? {
        guard let html else { return nil }
        var text = html
        if let link = text.range(of: "<a href=\"https://www.last.fm", options: .backwards)
            ?? text.range(of: "<a href=\"http://www.last.fm", options: .backwards) {
            text = String(text[..<link.lowerBound])
        }
        let plain = HTMLText.plainText(text)
        return plain.isEmpty ? nil : plain
    }
}
