import SitegenCore

/// Groups one artist's recordings into concerts: same normalised date and the same place
/// (`SameVenue`: the venue with its city). A recording with no venue joins the date's concert
/// when the date has exactly one, else it stands with the other venue-less recordings of that
/// date.
enum ConcertGrouping {
    struct Group {
        var date: ConcertDate
        var venue: VenueKey
        var recordings: [Recording]
    }

    /// The concerts of one artist, in date order (and venue order within a date).
    static func group(_ recordings: [Recording], keys: VenueKeys = VenueKeys()) -> [Group] {
        var byDate: [ConcertDate: [VenueKey: [Recording]]] = [:]
        for recording in recordings.sorted(by: { $0.identifier < $1.identifier }) {
            byDate[recording.date, default: [:]][keys.key(recording), default: []].append(recording)
        }
        var groups: [Group] = []
        for date in byDate.keys.sorted() {
            var venues = byDate[date]!
            // Fold each spelling into the first, shortest, that names the same place; a date has
            // a handful of spellings, so comparing each with the ones kept is cheap.
            var kept: [VenueKey] = []
            for key in venues.keys.sorted(by: { ($0.words.count, $0) < ($1.words.count, $1) }) {
                if let same = kept.first(where: { SameVenue.matches($0, key) }) {
                    venues[same]! += venues.removeValue(forKey: key)!
                } else {
                    kept.append(key)
                }
            }
            let named = venues.keys.filter { !$0.isNone }
            if named.count == 1, let venueless = venues.removeValue(forKey: .none) {
                venues[named[0]]! += venueless
            }
            for key in venues.keys.sorted() {
                groups.append(Group(date: date, venue: key, recordings: venues[key]!))
            }
        }
        return groups
    }

    /// The name to show: the value most recordings give; on a tie, the one that comes first
    /// (callers pass recordings best first, so the recommended recording's spelling wins).
    static func mostCommon(_ values: [String?]) -> String? {
        var counts: [String: (count: Int, first: Int)] = [:]
        for (position, value) in values.enumerated() {
            guard let value else { continue }
            counts[value, default: (0, position)].count += 1
        }
        return counts.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.value.first < $1.value.first }
            .first?.key
    }
}
