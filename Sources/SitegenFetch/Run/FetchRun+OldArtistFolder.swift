import Foundation
import SitegenCore

extension FetchRun {
    /// Moves the artist.getInfo answers of a site from before they had a folder of their own
    /// (`LastFMArtistFiles.oldFolder`, which the build no longer reads) to `LastFMArtistFiles.folder`,
    /// before anything is fetched, so no answer is asked for again and none is lost. Each file
    /// moves by one rename; one the new folder already has in a newer answer stays there (the old
    /// one goes). The old folder goes when it is empty. A dry run only says what it would move.
    func moveOldArtistFiles() {
        guard let old = CachePath(LastFMArtistFiles.oldFolder)?.parts, let new = CachePath(LastFMArtistFiles.folder)?.parts else { return }
        let files = writer.names(in: old).filter { LastFMArtistFiles.stem(ofFile: $0) != nil }
        guard !files.isEmpty else { return }
        let (from, to) = (old.joined(separator: "/") + "/", new.joined(separator: "/") + "/")
        if options.dryRun {
            recorder.note("would move \(files.count) Last.fm artist.getInfo answers from \(from) to \(to), their folder now")
            return
        }
        var moved = 0
        for name in files {
            guard let source = CachePath(old + [name]), let target = CachePath(new + [name]) else { continue }
            do throws(SitegenError) {
                switch try writer.move(source, to: target) {
                case .moved: moved += 1
                case .superseded: recorder.removed(source.description)
                }
            } catch {
                recorder.note(error.message)
            }
        }
        writer.removeFolderIfEmpty(old)
        if moved > 0 { recorder.note("moved \(moved) Last.fm artist.getInfo answers from \(from) to \(to), their folder now") }
    }

    /// Whether an artist's answer is cached; in a dry run, which moves nothing, also when it is
    /// still in the old folder, so the plan does not count a request the move makes needless.
    func hasArtistFile(_ file: CachePath) -> Bool {
        if writer.exists(file) { return true }
        guard options.dryRun, let name = file.parts.last, let old = CachePath(LastFMArtistFiles.oldFolder + "/" + name) else { return false }
        return writer.exists(old)
    }
}
