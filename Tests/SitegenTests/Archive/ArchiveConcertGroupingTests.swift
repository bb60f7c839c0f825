import SitegenCore
import Testing
@testable import SitegenArchive

@Suite("Archive concert grouping")
struct ArchiveConcertGroupingTests {
    func key(_ venue: String?, _ city: String? = nil) -> String { VenueKey(venue, city: city).text }

    @Test("one venue however it is spelled")
    func venueKeys() {
        for spelling in ["The Fillmore East", "Fillmore East, New York", "FILLMORE EAST", "Fillmore East New York",
                         "Fillmore-East", "the fillmore east, NYC", "Fillmore East - New York City", "Fillmore East (NYC)"] {
            #expect(key(spelling, "New York, NY") == "fillmore east", "\(spelling)")
        }
        #expect(key("Fox Theatre") == key("The Fox Theater"))
        #expect(key("Lupo's Heartbreak Hotel") == key("Lupos Heartbreak Hotel"))
        #expect(key("Café Wha?") == "cafe wha")
        #expect(key("The") == "the")
        #expect(key(nil, "Ithaca, NY") == "")
        #expect(key("Unknown Venue") == "")
        #expect(key("Barton Hall") != key("Kesey Farm"))
        #expect(key("Fillmore East (Early Show)") == "early:fillmore east")
        #expect(key("Fillmore East - late show") == "late:fillmore east")
        #expect(SameVenue.matches(VenueKey("Barton Hall", city: nil), VenueKey("Barton Hall Cornell University", city: nil)))
        #expect(!SameVenue.matches(VenueKey(nil, city: nil), VenueKey("Barton Hall", city: nil)))
    }

    /// ASCII venues are cut and folded at the byte; Foundation folds the rest. Both give the
    /// same name and words for an ASCII text (seeded random venues of letters, digits,
    /// separators, "&", apostrophes and the words the key treats apart).
    @Test("an ASCII venue is read at the byte as Foundation reads it")
    func asciiVenuesAsFoundationReadsThem() {
        var random = SeededRandom(seed: 5)
        let pieces = ["The", "Fox", "THEATRE", "centre", "Ctr", "Hall", "early", "Late", "show", "77", "a",
                      ",", " - ", " / ", " @ ", "(", ")", "[", "&", "'", " ", " ", "-", "/", "@", ".", "!", "\t"]
        for _ in 0..<1000 {
            let venue = (0..<Int.random(in: 0...9, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(VenueKey.name(in: venue) == VenueKey.nameFoundByFoundation(in: venue), "\(venue)")
            #expect(VenueKey.normalisedWords(venue) == VenueKey.wordsFoldedByFoundation(venue), "\(venue)")
        }
    }

    @Test("a remembered key is the key of that venue in that city, not of the last one asked")
    func rememberedVenueKeys() {
        let date = ConcertDate(year: 1977, month: 5, day: 8)
        func recording(_ venue: String?, _ city: String?) -> Recording {
            var recording = Recording(identifier: "x", collection: "GratefulDead", date: date, venue: venue, type: .unknown)
            recording.city = city
            return recording
        }
        let keys = VenueKeys()
        // The city is cut off a name that ends with it, so the same spelling gives two keys.
        for (venue, city) in [("Fillmore East New York", "New York, NY"), ("Fillmore East New York", nil),
                              ("Fillmore East New York", "New York, NY"), ("Unknown", nil), (nil, "Ithaca, NY")] {
            #expect(keys.key(recording(venue, city)) == VenueKey(venue, city: city), "\(venue ?? "nil") in \(city ?? "nil")")
        }
    }

    @Test("on one date: a spelling that begins another joins it; early and late shows stay apart")
    func sameDay() {
        let date = ConcertDate(year: 1977, month: 5, day: 8)
        func recording(_ id: String, _ venue: String?) -> Recording {
            Recording(identifier: id, collection: "GratefulDead", date: date, venue: venue, type: .unknown)
        }
        let cornell = ConcertGrouping.group([recording("a", "Barton Hall, Cornell University"), recording("b", "Barton Hall Cornell University"),
                                             recording("c", "Barton Hall"), recording("d", nil)])
        #expect(cornell.map { $0.recordings.map(\.identifier).sorted() } == [["a", "b", "c", "d"]])
        let shows = ConcertGrouping.group([recording("a", "Fillmore East (Early Show)"), recording("b", "Fillmore East - early"),
                                           recording("c", "Fillmore East (Late Show)")])
        #expect(shows.map { $0.recordings.map(\.identifier) } == [["a", "b"], ["c"]])
        // Where the venue does not say, the identifier may: the Fillmore East's two shows of
        // 1970-02-14 as archive.org has them. A tape that names neither show cannot be put in one.
        let tapes = ConcertGrouping.group([recording("gd1970-02-14.early.sbd.cotsman.18260.sbeok.shnf", "The Fillmore East"),
                                           recording("gd1970-02-14.late.sbd.miller.88620.flac16", "Fillmore East, New York"),
                                           recording("gd70-02-14.aud.vernon.1440.shnf", "Fillmore East"),
                                           recording("gd70-02-14.late_show.aud", "Fillmore East")])
        #expect(tapes.map { $0.recordings.map(\.identifier) } == [["gd1970-02-14.early.sbd.cotsman.18260.sbeok.shnf"],
                                                                  ["gd70-02-14.aud.vernon.1440.shnf"],
                                                                  ["gd1970-02-14.late.sbd.miller.88620.flac16", "gd70-02-14.late_show.aud"]])
        // One venue's shows follow each other, early, unmarked, late, whatever the venue's name:
        // "Winterland" sorted after "late:winterland" by the key's text.
        let winterland = ConcertGrouping.group([recording("w.late", "Winterland (late show)"), recording("w", "Winterland"),
                                                recording("w.early", "Winterland (early show)"), recording("a", "Academy of Music")])
        #expect(winterland.map { $0.recordings.map(\.identifier) } == [["a"], ["w.early"], ["w"], ["w.late"]])
        #expect(VenueKey.show(inIdentifier: "gd1970-02-14.early.sbd") == "early")
        #expect(VenueKey.show(inIdentifier: "ph1994-10-31.LateShow.flac") == "late")
        #expect(VenueKey.show(inIdentifier: "chocolate1999-01-01.sbd") == "")
    }

    @Test("the early and late shows at one venue and a show elsewhere on one day: three concerts, the venue's shows together")
    func standardSite() throws {
        let catalog = try #require(try ArchiveFixtureSite(ArchiveFixtureSite.standard).load()).catalog
        let dead = try #require(catalog.artist("GratefulDead"))
        let february14 = dead.concerts.map { catalog.concerts[$0] }.filter { $0.date.key == "1970-02-14" }
        // The Fillmore East's two shows are told apart by their identifiers (".early.", ".late.").
        #expect(february14.map(\.recordings.count) == [1, 1, 1])
        #expect(february14.map(\.slug) == ["1970-02-14", "1970-02-14-2", "1970-02-14-3"])
        #expect(february14.map(\.venue) == ["Fillmore East, New York", "The Fillmore East", "Kesey Farm"])
        #expect(dead.concerts.map { catalog.concerts[$0].slug }
            == ["1966-xx-xx", "1970-02-14", "1970-02-14-2", "1970-02-14-3", "1977-05-08", "1990-04-03", "1997-05-20"])
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
                  description: nil, runtimeSeconds: nil, tracks: .empty, reviews: [], downloads: nil, rating: nil,
                  streamOnly: false, inputs: [], hasItemFile: false)
    }
}
