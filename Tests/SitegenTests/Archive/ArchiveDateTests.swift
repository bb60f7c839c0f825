import SitegenCore
import Testing
@testable import SitegenArchive

@Suite("Archive dates")
struct ArchiveDateTests {
    func resolve(_ dates: [String], _ identifier: String = "x") -> ArchiveDate.Resolution {
        ArchiveDate.resolve(candidates: dates, identifier: identifier)
    }

    @Test("a valid date is taken as is, with or without a time part, silently")
    func valid() {
        #expect(resolve(["1990-04-03"]) == .init(date: ConcertDate(LocalDate(year: 1990, month: 4, day: 3)!), note: nil))
        #expect(resolve(["1990-04-03T00:00:00Z"]).date.description == "1990-04-03")
        #expect(resolve(["2022-11-20 12:21:52"]).date.description == "2022-11-20")
        #expect(resolve(["bad", "1977-05-08"]).note == nil)
    }

    @Test("swapped month and day are swapped back, with a note")
    func swapped() {
        let result = resolve(["1997-20-05"])
        #expect(result.date.description == "1997-05-20")
        #expect(result.note == "date '1997-20-05' had month and day swapped; read as 1997-05-20")
        #expect(resolve(["1997-31-01"]).date.description == "1997-01-31")
        #expect(resolve(["1997-20-15"]).date.description == "1997-??-15")
    }

    @Test("partial and zeroed dates keep unknown parts")
    func partial() {
        let result = resolve(["1966-00-00"], "gd1966-xx-xx.sbd.studio.81259.flac16")
        #expect(result.date.description == "1966-??-??")
        #expect(result.date.key == "1966-xx-xx")
        #expect(result.note == "date '1966-00-00' has unknown parts; read as 1966-??-??, the unknown parts named as such on pages")
        #expect(resolve(["1972-05-00"]).date.description == "1972-05-??")
        #expect(resolve(["0000-00-00 00:00:00"]).date.description == "????-??-??")
        #expect(resolve(["0000-00-00 00:00:00"]).note == "date '0000-00-00 00:00:00' unknown and none in the identifier; read as ????-??-?? (pages say the date is unknown)")
    }

    @Test("an invalid day is dropped, never moved to a neighbour")
    func invalidDay() {
        let result = resolve(["2009-09-31"])
        #expect(result.date.description == "2009-09-??")
        #expect(result.note == "date '2009-09-31' has no valid day; read as 2009-09-??, the unknown parts named as such on pages")
        #expect(resolve(["2010-02-29"]).date.description == "2010-02-??")
        #expect(resolve(["2012-02-29"]).note == nil)
    }

    @Test("repaired from the identifier: four- and two-digit years, the sentinel, arrays")
    func fromIdentifier() {
        let sentinel = resolve(["0000-01-01T00:00:00Z"], "gd1977-05-08.sbd.hicks.4982.sbeok.shnf")
        #expect(sentinel.date.description == "1977-05-08")
        #expect(sentinel.note == "date '0000-01-01T00:00:00Z' read as 1977-05-08 from the identifier")
        #expect(resolve(["0000-00-00 00:00:00"], "gd77-05-08.sbd.hicks.4982.sbeok.shnf").date.description == "1977-05-08")
        #expect(resolve([], "ph1997.11.22.sbd.flac16").date.description == "1997-11-22")
        #expect(resolve([], "ph1997.11.22.sbd.flac16").note == "no date; read as 1997-11-22 from the identifier")
        #expect(resolve([], "moex.sbd.flac16").note == "no date, and none in the identifier; read as ????-??-?? (pages say the date is unknown)")
        #expect(resolve([], "gd1966-xx-xx.sbd.flac16").note == "no date; the one in the identifier has unknown parts; read as 1966-??-??, the unknown parts named as such on pages")
        #expect(resolve(["T::Z"], "moe05-07-01.flac16").date.description == "2005-07-01")
        #expect(resolve(["2009-09-31"], "moe2009-09-13.flac16").date.description == "2009-09-13")
        #expect(resolve(["1966-00-00"], "gd1966-06-xx.sbd.flac16").date.description == "1966-06-??")
        #expect(resolve(["1997-20-05", "1997-05-20"]).note == nil)
    }

    @Test("identifier dates")
    func identifierParts() {
        #expect(ArchiveDate.fromIdentifier("gd1967-xx-xx.sbd.studio.81259.flac16") == .init(year: 1967, month: nil, day: nil))
        #expect(ArchiveDate.fromIdentifier("gd1990-04-03.158672.UltraMatrix") == .init(year: 1990, month: 4, day: 3))
        #expect(ArchiveDate.fromIdentifier("gd95-07-09.sbd.7233.sbeok.shnf") == .init(year: 1995, month: 7, day: 9))
        #expect(ArchiveDate.fromIdentifier("moe05-07-01") == .init(year: 2005, month: 7, day: 1))
        #expect(ArchiveDate.fromIdentifier("gd1995.sbd.flac16") == nil)
        #expect(ArchiveDate.fromIdentifier("gd12345-07-09") == nil)
    }

    @Test("dates order with unknown parts last")
    func order() {
        let dates = [ConcertDate(year: 1966, month: nil, day: nil), ConcertDate(year: 1966, month: 5, day: 1),
                     ConcertDate(year: nil, month: nil, day: nil), ConcertDate(year: 1965, month: 12, day: 4)]
        #expect(dates.sorted().map(\.description) == ["1965-12-04", "1966-05-01", "1966-??-??", "????-??-??"])
    }
}
