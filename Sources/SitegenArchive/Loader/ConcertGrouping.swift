import SitegenCore

/// Groups one artist's recordings into concerts: same normalised date and same `VenueKey`.
/// On one date, a venue key that begins another ("barton hall", "barton hall cornell
/// university") is the same place. A recording with no venue joins the date's concert when the
/// date has exactly one, else it stands with the other venue-less recordings of that date.
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
            // Fold each longer spelling into the shortest key that begins it.
            for key in venues.keys.sorted(by: { ($0.words.count, $0) < ($1.words.count, $1) }) {
                if let shorter = venues.keys.filter({ $0.isPrefix(of: key) }).sorted(by: { ($0.words.count, $0) < ($1.words.count, $1) }).first {
                    venues[shorter]! += venues.removeValue(forKey: key)!
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
