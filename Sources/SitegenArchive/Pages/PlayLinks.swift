import SitegenCore

/// "Play the recommended recording": links from concert and artist pages straight to a
/// recording page's player. Only a recording that can be streamed is offered.
enum PlayLinks {
    /// The concert's recommended recording (its first), when it can be streamed.
    static func concert(_ concert: Concert, links: ArchiveLinks) -> String? {
        guard let first = concert.recordings.first, StreamModel.isStreamable(first.tracks) else { return nil }
        return links.recording(first).value + "#tracks"
    }

    /// The artist's best recommended recording: the highest-scoring first recording of any of
    /// its concerts that can be streamed (equal scores by identifier, as `Recommendation`).
    static func artist(_ artist: Artist, catalog: ArchiveCatalog, links: ArchiveLinks) -> LinkModel? {
        var best: (recording: Recording, concert: Concert, score: Double)?
        for index in artist.concerts {
            let concert = catalog.concerts[index]
            guard let first = concert.recordings.first, StreamModel.isStreamable(first.tracks) else { continue }
            let score = Recommendation.score(first)
            if let current = best, current.score > score || (current.score == score && current.recording.identifier < first.identifier) { continue }
            best = (first, concert, score)
        }
        return best.map { LinkModel(title: "\(ArchiveFormat.date($0.concert.date, links.language)), \(ArchiveFormat.venue($0.concert, links.language))",
                                    href: links.recording($0.recording).value + "#tracks") }
    }
}
