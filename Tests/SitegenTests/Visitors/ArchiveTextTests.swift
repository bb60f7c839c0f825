import Testing
@testable import SitegenArchive

@Suite("Archive text for visitors")
struct ArchiveTextTests {
    @Test("placeholders are never names")
    func placeholders() {
        for value in ["unknown", " Unknown ", "n/a", "N/A", "", "  ", "?", "none", "-"] {
            #expect(ArchiveValue.known(value) == nil, "'\(value)'")
        }
        #expect(ArchiveValue.known(nil) == nil)
        #expect(ArchiveValue.known(" Charlie Miller ") == "Charlie Miller")
        #expect(ArchiveValue.known("Unknown Pleasures") == "Unknown Pleasures")
    }

    @Test("titles that show raw unknown dates give way")
    func titles() {
        #expect(ArchiveText.title("Grateful Dead Live at Unknown on 1966-00-00") == nil)
        #expect(ArchiveText.title("Grateful Dead Live on 1967-xx-xx") == nil)
        #expect(ArchiveText.title("Grateful Dead Live at Barton Hall on 1977-05-08") == "Grateful Dead Live at Barton Hall on 1977-05-08")
        #expect(ArchiveText.title("unknown") == nil)
    }

    @Test("unknown date parts in words")
    func dates() {
        #expect(ArchiveFormat.date(ConcertDate(year: 1977, month: 5, day: 8), TestLanguage.english) == "8 May 1977")
        #expect(ArchiveFormat.date(ConcertDate(year: 2009, month: 9, day: 31), TestLanguage.english) == "September 2009, day unknown")
        #expect(ArchiveFormat.date(ConcertDate(year: 1966, month: nil, day: nil), TestLanguage.english) == "1966, date unknown")
        #expect(ArchiveFormat.date(ConcertDate(year: nil, month: nil, day: nil), TestLanguage.english) == "Date unknown")
    }

    static let tracks = ["Jack Straw", "Tennessee Jed", "Scarlet Begonias", "Fire On The Mountain"].enumerated().map {
        Track(number: $0 + 1, title: $1, seconds: nil, segue: false, files: [])
    }

    @Test("the setlist in a description goes, prose around it stays")
    func setlist() {
        let text = "Soundboard, second generation.\n\nSet I\n01. Jack Straw\nd1t02 Tennesee Jed\n\nSet II\nScarlet Begonias ->\nFire on the Mountain\n\nThanks to the tapers who kept this one alive through the years and to everyone who helped."
        #expect(ArchiveText.description(text, tracks: Self.tracks)
                == "Soundboard, second generation.\n\nThanks to the tapers who kept this one alive through the years and to everyone who helped.")
        // A description that only mentions a song is prose: kept whole.
        let prose = "A great Jack Straw opener.\nThe crowd was loud."
        #expect(ArchiveText.description(prose, tracks: Self.tracks) == prose)
        #expect(ArchiveText.description("Set I\nJack Straw\nTennessee Jed", tracks: Self.tracks) == nil)
        #expect(ArchiveText.description("Jack Straw\nTennessee Jed", tracks: []) == "Jack Straw\nTennessee Jed")
    }
}
