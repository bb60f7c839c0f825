import SitegenCore

/// "Play the recommended recording": links from concert and artist pages straight to a
/// recording page's player. Only a recording that can be streamed is offered: the recommended
/// one of those that can (a concert's first recording may have no cached item, so no tracks,
/// while the next plays: the visitor is still offered something to play).
enum PlayLinks {
    /// The first of the concert's recordings, in the recommended order, that can be streamed,
    /// and whether it is the first of all (the recommended one).
    static func concert(_ concert: Concert, links: ArchiveLinks) -> (href: String, isFirst: Bool)? {
        playable(concert).map { (links.recording($0).value + "#tracks", $0.identifier == concert.recordings.first?.identifier) }
    }

    /// The artist's best recommended recording: the highest-scoring of its concerts' playable
    /// ones (`playable`; equal scores by identifier, as `Recommendation`).
    static func artist(_ artist: Artist, catalog: ArchiveCatalog, links: ArchiveLinks) -> LinkModel? {
        var best: (recording: Recording, concert: Concert, score: Double)?
        for index in artist.concerts {
            let concert = catalog.concerts[index]
            guard let first = playable(concert) else { continue }
            let score = Recommendation.score(first)
            if let current = best, current.score > score || (current.score == score && current.recording.identifier < first.identifier) { continue }
            best = (first, concert, score)
        }
        return best.map { LinkModel(title: "\(ArchiveFormat.date($0.concert.date, links.language)), \(ArchiveFormat.venue($0.concert, links.language))",
                                    href: links.recording($0.recording).value + "#tracks") }
    }

    private static func playable(_ concert: Concert) -> Recording? {
        concert.recordings.first { StreamModel.isStreamable($0.tracks) }
    }
}
