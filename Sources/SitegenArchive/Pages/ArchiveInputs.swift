import SitegenCore

/// What archive pages are read from, for the incremental build. Everything a page's model (or
/// a lazy model's `known` part) holds is in the page's fingerprint already; a concert's or a
/// recording's page also names the cached files its recordings were read from, which the rest
/// of its model (tiles, tracks, reviews) comes from.
enum ArchiveInputs {
    /// Every cached file the recordings were read from.
    static func files<S: Sequence>(_ recordings: S) -> Set<Dependency> where S.Element == Recording {
        var inputs: Set<Dependency> = []
        for recording in recordings {
            for file in recording.inputs { inputs.insert(.content(file)) }
        }
        return inputs
    }
}
