import Foundation
import SitegenCore

/// Reads an optional Last.fm artist.getInfo cache (`LastFMArtistFiles`: the shared
/// `lastfm/artists/<slug of the name>.json`) for a headliner's picture and short bio, with
/// Last.fm's quirks: error bodies served as successes, and the images and summary read as the
/// charts read theirs (`LastFMImages`, `LastFMSummary`).
enum ArtistInfoLoader {
    /// nil when there is no cache file or it holds an error body (a warning naming the file).
    static func load(name: String, context: LoadContext) throws(SitegenError) -> ArtistInfo? {
        let file = LastFMArtistFiles.file(for: name)
        guard context.exists(file) else { return nil }
        let root = try context.json(file)
        if let error = LastFMError.found(in: root) {
            context.warnings.add("\(error); no artist details used", at: SourceLocation(file: root.file))
            return nil
        }
        if let other = LastFMAnswerShape.otherMethod(in: root, expected: "artist") {
            context.warnings.add("looks like a \(other) answer, not artist.getInfo; no artist details used", at: SourceLocation(file: root.file))
            return nil
        }
        let artist = try root.requireObject("a Last.fm artist.getInfo response")["artist"].requireObject("an `artist` object")
        return ArtistInfo(picture: LastFMImages.bySize(artist["image"], warnings: context.warnings).last.map { ArtistInfo.Picture(url: $0.url, size: $0.pixels) },
                          bio: artist["bio"]["summary"].string.flatMap(LastFMSummary.plainText),
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
}
