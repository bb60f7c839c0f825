import SitegenCore

/// What archive pages are made from, for the incremental build. A page lists the cached files
/// its recordings were read from, plus `.derived` fingerprints of what comes from elsewhere
/// (the artist's name, neighbouring concerts, the cells of a listing), so an edit re-renders
/// exactly the pages that show it.
enum ArchiveInputs {
    /// Every cached file the recordings were read from.
    static func files<S: Sequence>(_ recordings: S) -> Set<Dependency> where S.Element == Recording {
        var inputs: Set<Dependency> = []
        for recording in recordings {
            for file in recording.inputs { inputs.insert(.content(file)) }
        }
        return inputs
    }

    static func derived(_ name: String, _ parts: [String?]) -> Dependency {
        .derived("archive/" + name, fingerprint: Fingerprint.of(parts.map { $0 ?? "\u{2}" }))
    }

    /// Everything a concert cell shows, as one string: listings that show cells depend on these.
    static func cellKey(_ cell: ConcertCellModel) -> String {
        var parts: [String?] = [cell.href, cell.artist, cell.date, cell.dateISO, cell.venue, cell.city, cell.more, cell.moreLabel]
        for tile in cell.tiles {
            parts += [tile.href, tile.recordingType.code, tile.taper, tile.downloads, tile.rating, tile.ratingLabel, tile.streamOnly ? "s" : "-"]
        }
        return parts.map { $0 ?? "\u{2}" }.joined(separator: "\u{3}")
    }

    static func link(_ link: LinkModel?) -> String? { link.map { $0.href + "\t" + $0.title } }
}
