import SitegenCore

/// Merges what the cached files say about one identifier into a `Recording`: item metadata
/// first (it is the fuller, newer answer), search rows for what only the search index has
/// (`downloads`, `avg_rating`, `num_reviews`) and for anything the item lacks.
enum RecordingBuilder {
    static func build(_ facts: [RecordingFacts], collection: String, warnings: WarningLog) -> Recording? {
        let ordered = facts.filter(\.isItem) + facts.filter { !$0.isItem }
        guard let first = ordered.first else { return nil }
        func pick<T>(_ field: (RecordingFacts) -> T?) -> T? { ordered.lazy.compactMap(field).first }

        let identifier = first.identifier
        let dateSource = ordered.first { !$0.dates.isEmpty } ?? first
        let resolved = ArchiveDate.resolve(candidates: ordered.flatMap(\.dates), identifier: identifier)
        if let note = resolved.note {
            warnings.add("\(identifier): \(note)", at: dateSource.dateLocation ?? SourceLocation(file: dateSource.file))
        }
        let source = pick(\.source), lineage = pick(\.lineage), taper = pick(\.taper)
        let notes = pick(\.notes), description = pick(\.description)
        let decision = RecordingTypeClassifier.classify(.init(identifier: identifier, source: source, lineage: lineage, taper: taper,
                                                              subject: pick(\.subject), notes: notes, description: description))
        let reviews = pick(\.reviews) ?? []
        let streamOnly = ordered.contains {
            $0.collections.contains("stream_only") || $0.accessRestricted || $0.privateOriginals
        }
        let trackSource = ordered.first { $0.trackCount > 0 }
        let trackTotal = trackSource?.trackSeconds ?? 0
        return Recording(
            identifier: identifier, collection: collection, creator: pick(\.creator), title: pick(\.title),
            date: resolved.date, venue: pick(\.venue), city: pick(\.coverage),
            type: decision.type, typeEvidence: decision.evidence,
            source: source, lineage: lineage, taper: taper, transferer: pick(\.transferer),
            notes: notes, description: description,
            runtimeSeconds: pick(\.runtime) ?? (trackTotal > 0 ? trackTotal : nil),
            tracks: trackSource?.tracks ?? .empty, reviews: reviews,
            downloads: facts.compactMap(\.downloads).max(),
            rating: pick(\.rating) ?? computedRating(reviews),
            streamOnly: streamOnly,
            inputs: Array(Set(facts.map(\.file))).sorted(),
            hasItemFile: facts.contains(where: \.isItem))
    }

    /// The mean of the rated reviews; unrated ones ("0" stars) count in neither part.
    static func computedRating(_ reviews: [Review]) -> Rating? {
        let stars = reviews.compactMap(\.stars)
        guard !stars.isEmpty else { return nil }
        return Rating(average: Double(stars.reduce(0, +)) / Double(stars.count), count: reviews.count)
    }
}
