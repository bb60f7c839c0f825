import Foundation

/// Which recording of a concert to offer first. The rule (also in the README):
///
///     score = log10(1 + downloads) + (stars of the reviews + 2 × 3) / (number rated + 2)
///
/// Downloads count on a log scale, so 10× more downloads is worth one star; the rating is
/// pulled towards 3 stars by two imaginary reviews, so one 5-star review does not beat fifty
/// 4.5-star ones, and an unrated recording counts as 3. The higher score comes first; equal
/// scores are ordered by identifier, so the choice never depends on file order.
enum Recommendation {
    static func score(_ recording: Recording) -> Double {
        let downloads = Double(max(recording.downloads ?? 0, 0))
        var rating = 3.0
        if let given = recording.rating, let count = given.count, count > 0 {
            rating = (given.average * Double(count) + 6) / Double(count + 2)
        }
        return log10(1 + downloads) + rating
    }

    static func ordered(_ recordings: [Recording]) -> [Recording] {
        recordings.map { ($0, score($0)) }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.identifier < $1.0.identifier }
            .map(\.0)
    }
}
