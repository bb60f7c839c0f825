import SitegenCore
import Testing
@testable import SitegenArchive

/// Concert grouping on real spellings: venue, city and identifier of Grateful Dead recordings as
/// ds17f/dead lists them (`tmp/data-v2.0.2/recordings/<identifier>.json`, from archive.org).
@Suite("Archive concert grouping on real spellings")
struct ArchiveConcertGroupingCasesTests {
    /// The identifiers of each concert the recordings make, in the grouping's order.
    static func concerts(_ date: ConcertDate, _ recordings: [(String, String?, String?)]) -> [[String]] {
        let values = recordings.map { identifier, venue, city in
            var recording = Recording(identifier: identifier, collection: "GratefulDead", date: date, venue: venue, type: .unknown)
            recording.city = city
            return recording
        }
        return ConcertGrouping.group(values).map { $0.recordings.map(\.identifier).sorted() }
    }

    @Test("a qualifier after a comma, a short and a long name of one campus: one concert")
    func qualifiers() {
        let date = ConcertDate(year: 1990, month: 5, day: 5)
        #expect(Self.concerts(date, [
            ("gd1990-05-05.a", "Cal State Dominguez Hills", "Carson, CA"),
            ("gd1990-05-05.b", "California State University Dominguez Hills", "Carson, CA"),
            ("gd1990-05-05.c", "Cal State University, Dominguez Hills", "Carson, CA"),
        ]) == [["gd1990-05-05.a", "gd1990-05-05.b", "gd1990-05-05.c"]])
        #expect(Self.concerts(ConcertDate(year: 1971, month: 2, day: 23), [
            ("gd1971-02-23.sbd.miller.110353.flac16", "Capitol Theater", "Port Chester, NY"),
            ("gd1971-02-23.x", "Capitol Theater, Portchester NY", nil),
        ]).count == 1)
    }

    @Test("small misspellings of one venue in one city on one date: one concert")
    func misspellings() {
        let date = ConcertDate(year: 1974, month: 7, day: 29)
        #expect(Self.concerts(date, [
            ("gd1974-07-29.107990.mtx.seamons.flac16", "Capitol Center", "Landover, MD"),
            ("gd1974-07-29.sbd.miller.107756.flac16", "Capital Centre", "Landover, MD"),
            ("gd1974-07-29.x", "The Capitol Centre", "Landover , MD"),
        ]).count == 1)
        #expect(Self.concerts(ConcertDate(year: 1970, month: 6, day: 24), [
            ("a", "Capitol Theater", "Port Chester, NY"), ("b", "Capitol Theatre", "Port Chester, New York"),
        ]).count == 1)
        // One letter is not enough in a short word, and two words apart are two places.
        #expect(!SameVenue.matches(VenueKey("Omni", city: "Atlanta, GA"), VenueKey("Oak", city: "Atlanta, GA")))
        #expect(!SameVenue.matches(VenueKey("Civic Center", city: "X"), VenueKey("Civil Arena", city: "X")))
    }

    @Test("the same city written three ways; the venue alone in one of them")
    func cities() {
        let date = ConcertDate(year: 1970, month: 7, day: 12)
        #expect(Self.concerts(date, [
            ("gd1970-07-12.aud.cooper.122707.flac16", "Fillmore East", "New York, NY"),
            ("gd1970-07-12.aud.mysteryreel.cloverman.smith.GEMS.108002.flac16", "Fillmore East", "New York City, New York"),
            ("gd1970-07-12.aud.unknown.sirmick.24663.sbefail.shnf", "Fillmore East", "New York City, NY"),
            ("gd1970-07-12.x", "Fillmore East", "NYC, NY"),
            ("gd1970-07-12.y", "Fillmore East", nil),
        ]).count == 1)
    }

    @Test("venues in different cities are never one concert, however alike their names")
    func differentCities() {
        let date = ConcertDate(year: 1969, month: 2, day: 27)
        #expect(Self.concerts(date, [("a", "Fillmore", "San Francisco, CA"), ("b", "Fillmore East", "New York, NY")]).count == 2)
        #expect(Self.concerts(date, [("a", "Fillmore", "San Francisco, CA"), ("b", "Fillmore", "Denver, CO")]).count == 2)
        // A recording filed under another town on the same date stays apart, as the data says.
        #expect(Self.concerts(ConcertDate(year: 1976, month: 6, day: 19), [
            ("gd1976-06-19.sbd.digitalrbb.miller.111852.flac16", "Capitol Theater", "Passaic, NJ"),
            ("gd1976-06-19.prefm.nickspicks.10186.shnf", "Capitol Theatre", "Passaic, NJ"),
            ("gd1976-06-19.143275.fm.glassberg.warburton.smith.sirmick.flac2496", "Capitol Theater", "Port Chester, NY"),
        ]) == [["gd1976-06-19.prefm.nickspicks.10186.shnf", "gd1976-06-19.sbd.digitalrbb.miller.111852.flac16"],
               ["gd1976-06-19.143275.fm.glassberg.warburton.smith.sirmick.flac2496"]])
        #expect(Self.concerts(ConcertDate(year: 1985, month: 11, day: 21), [
            ("gd1985-11-21.sbd.walker-scotton.miller.105992.flac16", "Henry J. Kaiser Convention Center", "Oakland, CA"),
            ("gd1985-11-21.134815.sur5-1.tobin.flac1648", "Fillmore Auditorium", "Denver, CO"),
        ]).count == 2)
    }

    @Test("two places in one city on one date stay two")
    func twoPlaces() {
        let date = ConcertDate(year: 1967, month: 1, day: 14)
        #expect(Self.concerts(date, [("a", "Fillmore Auditorium", "San Francisco, CA"),
                                     ("b", "Polo Field, Golden Gate Park", "San Francisco, CA")]).count == 2)
    }

    @Test("edit distance within a limit")
    func editDistance() {
        #expect(EditDistance.within(1, "capital", "capitol") == 1)
        #expect(EditDistance.within(2, "coliseum", "colliseum") == 1)
        #expect(EditDistance.within(1, "arena", "arena") == 0)
        #expect(EditDistance.within(1, "forum", "farm") == nil)
        #expect(EditDistance.within(2, "", "ab") == 2)
    }
}
