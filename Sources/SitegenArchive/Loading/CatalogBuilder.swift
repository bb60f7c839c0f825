import SitegenCore

/// Builds the catalog from each collection's recordings: artists, concerts (grouped, with URL
/// slugs and the recommended recording first) and the indexes pages use (month-day → concerts,
/// identifier → recording slug). Runs once per build: collections are grouped on every core,
/// then slugs are handed out in one fixed order.
enum CatalogBuilder {
    /// One collection's concerts before slugs are handed out.
    struct Draft: Sendable {
        struct Concert: Sendable {
            var date: ConcertDate
            var venue: String?
            var city: String?
            /// Best first.
            var recordings: [Recording]
            /// `Concert.show`.
            var show: String?
        }

        var collection: String
        var name: String
        var concerts: [Concert]
        var recordingCount: Int

        init(collection: String, recordings: [Recording]) {
            self.collection = collection
            name = ConcertGrouping.mostCommon(recordings.map(\.creator)) ?? CatalogBuilder.displayName(collection)
            recordingCount = recordings.count
            let keys = VenueKeys()
            concerts = ConcertGrouping.group(recordings, keys: keys).map { group in
                let ordered = Recommendation.ordered(group.recordings)
                // "Unknown" and blank venues are not names to show: without a name, nil.
                let named = ordered.filter { !keys.key($0).isNone }
                let venue = ConcertGrouping.mostCommon(named.map(\.venue))
                // The show is said where the venue's name does not say it already.
                let said = venue.map { VenueKey.normalisedWords($0).contains(group.venue.show) } ?? false
                return Concert(date: group.date, venue: venue, city: ConcertGrouping.mostCommon(ordered.map(\.city)),
                               recordings: ordered, show: group.venue.show.isEmpty || said ? nil : group.venue.show)
            }
        }
    }

    static func build(_ recordingsByCollection: [String: [Recording]], jobs: Int) throws(SitegenError) -> ArchiveCatalog {
        let collections = recordingsByCollection.keys.sorted()
        let drafts = try Parallel.map(collections.count, jobs: jobs) { index throws(SitegenError) in
            Draft(collection: collections[index], recordings: recordingsByCollection[collections[index]]!)
        }.sorted { ($0.name.lowercased(), $0.collection) < ($1.name.lowercased(), $1.collection) }

        var artistSlugs = SlugRegistry()
        var recordingSlugs = SlugRegistry()
        var artists: [Artist] = []
        var concerts: [Concert] = []
        var slugByKey: [String: String] = [:]
        for draft in drafts {
            var concertSlugs = SlugRegistry()
            var indexes: [Int] = []
            for concert in draft.concerts {
                // An identifier cached under two collections gets two pages ("…", "…-2").
                for recording in concert.recordings.sorted(by: { $0.identifier < $1.identifier }) {
                    slugByKey[recording.key] = recordingSlugs.claim(Slug.segment(recording.identifier))
                }
                indexes.append(concerts.count)
                concerts.append(Concert(artistIndex: artists.count, date: concert.date, venue: concert.venue, city: concert.city,
                                        recordings: concert.recordings, slug: concertSlugs.claim(concert.date.key), show: concert.show))
            }
            let years = draft.concerts.compactMap(\.date.year)
            artists.append(Artist(collection: draft.collection, name: draft.name,
                                  slug: artistSlugs.claim(Slug.make(draft.name, fallback: Slug.make(draft.collection))),
                                  concerts: indexes, recordingCount: draft.recordingCount,
                                  firstYear: years.min(), lastYear: years.max()))
        }
        var byMonthDay: [String: [Int]] = [:]
        for (index, concert) in concerts.enumerated() {
            if let date = concert.date.localDate { byMonthDay[date.monthDay, default: []].append(index) }
        }
        for key in byMonthDay.keys {
            byMonthDay[key]!.sort { a, b in
                let (x, y) = (concerts[a], concerts[b])
                return x.date != y.date ? x.date < y.date : (x.artistIndex, x.slug) < (y.artistIndex, y.slug)
            }
        }
        return ArchiveCatalog(artists: artists, concerts: concerts, byMonthDay: byMonthDay, recordingSlugs: slugByKey)
    }

    /// "GratefulDead" → "Grateful Dead", "JoeRussosAlmostDead" → "Joe Russos Almost Dead".
    static func displayName(_ collection: String) -> String {
        var result = ""
        var previous: Character?
        for character in collection {
            if let previous, character.isUppercase, previous.isLowercase || previous.isNumber { result.append(" ") }
            result.append(character == "_" ? " " : character)
            previous = character
        }
        return result
    }
}
