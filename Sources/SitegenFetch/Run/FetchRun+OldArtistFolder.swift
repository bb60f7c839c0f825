import Foundation
import SitegenCore

extension FetchRun {
    /// Moves the artist.getInfo answers of a site from before they had a folder of their own
    /// (`LastFMArtistFiles.oldFolder`, which the build no longer reads) to `LastFMArtistFiles.folder`,
    /// before anything is fetched, so no answer is asked for again and none is lost. Each file
    /// moves by one rename; one the new folder already has in a newer answer stays there (the old
    /// one goes). The old folder goes when it is empty. A dry run only says what it would move.
    /// Only plain files in a real folder move: a symbolic link, to a file or as the folder
    /// itself, could bring anything on the disk into the cache, so it is left where it is.
    func moveOldArtistFiles() {
        guard let old = CachePath(LastFMArtistFiles.oldFolder)?.parts, let new = CachePath(LastFMArtistFiles.folder)?.parts else { return }
        let names = (writer.names(in: old) ?? []).filter { LastFMArtistFiles.stem(ofFile: $0) != nil }
        guard !names.isEmpty else { return }
        let (from, to) = (old.joined(separator: "/") + "/", new.joined(separator: "/") + "/")
        guard writer.isRealFolder(old) else {
            recorder.note("left \(from) as it is: it is a symbolic link, and nothing is moved out of one; move its Last.fm artist.getInfo answers to \(to) yourself if you trust them")
            return
        }
        let files = names.filter { name in CachePath(old + [name]).map(writer.isPlainFile) ?? false }
        if files.count < names.count {
            recorder.note("left \(names.count - files.count) entries of \(from) that are not plain files (symbolic links, folders or devices) where they are")
        }
        guard !files.isEmpty else { return }
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
        return writer.isRealFolder(Array(old.parts.dropLast())) && writer.isPlainFile(old)
    }
}
