import SitegenCore

/// Builds the catalog from each collection's recordings: artists, concerts (grouped, with URL
/// slugs and the recommended recording first) and the indexes pages use (month-day → concerts,
/// identifier → recording slug). Runs once per build.
enum CatalogBuilder {
    static func build(_ recordingsByCollection: [String: [Recording]]) -> ArchiveCatalog {
        var drafts: [(collection: String, name: String, groups: [ConcertGrouping.Group], count: Int)] = []
        for collection in recordingsByCollection.keys.sorted() {
            let recordings = recordingsByCollection[collection]!
            let name = ConcertGrouping.mostCommon(recordings.map(\.creator)) ?? displayName(collection)
            drafts.append((collection, name, ConcertGrouping.group(recordings), recordings.count))
        }
        drafts.sort { ($0.name.lowercased(), $0.collection) < ($1.name.lowercased(), $1.collection) }

        var artistSlugs = SlugRegistry()
        var recordingSlugs = SlugRegistry()
        var artists: [Artist] = []
        var concerts: [Concert] = []
        var slugByKey: [String: String] = [:]
        for draft in drafts {
            var concertSlugs = SlugRegistry()
            var indexes: [Int] = []
            for group in draft.groups {
                let ordered = Recommendation.ordered(group.recordings)
                // An identifier cached under two collections gets two pages ("…", "…-2").
                for recording in ordered.sorted(by: { $0.identifier < $1.identifier }) {
                    slugByKey[recording.key] = recordingSlugs.claim(Slug.segment(recording.identifier))
                }
                let city = ConcertGrouping.mostCommon(ordered.map(\.city))
                // "Unknown" and blank venues are not names to show.
                let named = ordered.filter { !VenueKey($0.venue, city: $0.city).isNone }
                indexes.append(concerts.count)
                concerts.append(Concert(
                    artistIndex: artists.count, date: group.date,
                    venue: ConcertGrouping.mostCommon(named.map(\.venue)) ?? "Unknown venue",
                    city: city, recordings: ordered, slug: concertSlugs.claim(group.date.key)))
            }
            let years = draft.groups.compactMap(\.date.year)
            artists.append(Artist(collection: draft.collection, name: draft.name,
                                  slug: artistSlugs.claim(Slug.make(draft.name, fallback: Slug.make(draft.collection))),
                                  concerts: indexes, recordingCount: draft.count,
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
