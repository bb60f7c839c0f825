import SitegenCore
import Testing
@testable import SitegenArchive

@Suite("Archive concert grouping")
struct ArchiveConcertGroupingTests {
    @Test("one venue however it is spelled")
    func venueKeys() {
        let key = ConcertGrouping.venueKey("Fillmore East", city: "New York, NY")
        for spelling in ["The Fillmore East", "Fillmore East, New York", "FILLMORE EAST", "Fillmore East New York",
                         "Fillmore-East", "the fillmore east, NYC"] {
            #expect(ConcertGrouping.venueKey(spelling, city: "New York, NY") == key, "\(spelling)")
        }
        #expect(ConcertGrouping.venueKey("Fox Theatre", city: nil) == ConcertGrouping.venueKey("The Fox Theater", city: nil))
        #expect(ConcertGrouping.venueKey("Lupo's Heartbreak Hotel", city: nil) == ConcertGrouping.venueKey("Lupos Heartbreak Hotel", city: nil))
        #expect(ConcertGrouping.venueKey("Café Wha?", city: nil) == "cafe wha")
        #expect(ConcertGrouping.venueKey("The", city: nil) == "the")
        #expect(ConcertGrouping.venueKey(nil, city: "Ithaca, NY") == "")
        #expect(ConcertGrouping.venueKey("Barton Hall", city: nil) != ConcertGrouping.venueKey("Kesey Farm", city: nil))
    }

    @Test("the same venue spelled differently is one concert; two venues on one day are two, the second with -2")
    func standardSite() throws {
        let catalog = try #require(try ArchiveFixtureSite(ArchiveFixtureSite.standard).load()).catalog
        let dead = try #require(catalog.artist("GratefulDead"))
        let february14 = dead.concerts.map { catalog.concerts[$0] }.filter { $0.date.key == "1970-02-14" }
        #expect(february14.map(\.recordings.count) == [2, 1])
        #expect(february14.map(\.slug) == ["1970-02-14", "1970-02-14-2"])
        #expect(february14.map(\.venue) == ["The Fillmore East", "Kesey Farm"])
        #expect(dead.concerts.map { catalog.concerts[$0].slug }
            == ["1966-xx-xx", "1970-02-14", "1970-02-14-2", "1977-05-08", "1990-04-03", "1997-05-20"])
    }

    @Test("a recording without a venue joins the date's only concert")
    func venueless() {
        let date = ConcertDate(year: 1977, month: 5, day: 8)
        func recording(_ id: String, venue: String?) -> Recording {
            Recording(identifier: id, collection: "GratefulDead", date: date, venue: venue, type: .unknown)
        }
        let one = ConcertGrouping.group([recording("a", venue: "Barton Hall"), recording("b", venue: nil)])
        #expect(one.map { $0.recordings.map(\.identifier) } == [["a", "b"]])
        let two = ConcertGrouping.group([recording("a", venue: "Barton Hall"), recording("b", venue: nil),
                                         recording("c", venue: "Other Place")])
        #expect(two.map { $0.recordings.map(\.identifier) } == [["b"], ["a"], ["c"]])
    }

    @Test("recommended first: downloads on a log scale plus a damped rating, ties by identifier")
    func recommendation() {
        let date = ConcertDate(year: 1977, month: 5, day: 8)
        func recording(_ id: String, downloads: Int?, rating: Rating?) -> Recording {
            var value = Recording(identifier: id, collection: "X", date: date, venue: "V", type: .unknown)
            value.downloads = downloads
            value.rating = rating
            return value
        }
        let ordered = Recommendation.ordered([
            recording("c-one-review", downloads: 1000, rating: Rating(average: 5, count: 1)),
            recording("b-popular", downloads: 10000, rating: Rating(average: 4.5, count: 50)),
            recording("a-tie", downloads: nil, rating: nil),
            recording("0-tie", downloads: nil, rating: nil),
        ])
        #expect(ordered.map(\.identifier) == ["b-popular", "c-one-review", "0-tie", "a-tie"])
    }
}

extension Recording {
    /// A recording with only what grouping and ordering look at.
    init(identifier: String, collection: String, date: ConcertDate, venue: String?, type: RecordingType) {
        self.init(identifier: identifier, collection: collection, creator: nil, title: nil, date: date, venue: venue,
                  city: nil, type: type, source: nil, lineage: nil, taper: nil, transferer: nil, notes: nil,
                  description: nil, runtimeSeconds: nil, tracks: [], reviews: [], downloads: nil, rating: nil,
                  streamOnly: false, inputs: [], hasItemFile: false)
    }
}
