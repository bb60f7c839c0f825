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

    @Test("titles that show raw unknown dates, or another date than the recording's, give way; the date reads in words")
    func titles() {
        let may8 = ConcertDate(year: 1977, month: 5, day: 8)
        let english = TestLanguage.english
        #expect(ArchiveText.title("Grateful Dead Live at Unknown on 1966-00-00", date: ConcertDate(year: 1966, month: nil, day: nil), english) == nil)
        #expect(ArchiveText.title("Grateful Dead Live on 1967-xx-xx", date: ConcertDate(year: 1967, month: nil, day: nil), english) == nil)
        #expect(ArchiveText.title("Grateful Dead Live at Barton Hall on 1977-05-08", date: may8, english) == "Grateful Dead Live at Barton Hall on 8 May 1977")
        #expect(ArchiveText.title("unknown", date: may8, english) == nil)
        // Swapped month and day, read as 20 November; a day September does not have.
        #expect(ArchiveText.title("moe. Live at Orpheum Theatre on 2004-20-11", date: ConcertDate(year: 2004, month: 11, day: 20), english) == nil)
        #expect(ArchiveText.title("moe. Live at Lupo's on 2009-09-31", date: ConcertDate(year: 2009, month: 9, day: 31), english) == nil)
        #expect(ArchiveText.title("Grateful Dead Live on 1977-05-09", date: may8, english) == nil)
        // Not a date: inside a longer number, or another shape.
        #expect(ArchiveText.title("Set 11977-05-081 and 77-05-08", date: may8, english) == "Set 11977-05-081 and 77-05-08")
        #expect(ArchiveText.title("1977-05-08", date: may8, english) == "8 May 1977")
        #expect(ArchiveText.title("gd1977-05-08 at 1977-05-08T20:00", date: may8, english) == "gd1977-05-08 at 1977-05-08T20:00")
        #expect(ArchiveText.title("Live 1977-05-08 (1977-05-08)", date: may8, TestLanguage.load("de")) == "Live 8. Mai 1977 (8. Mai 1977)")
        // A letter outside ASCII beside the date is a letter; beside a space the date is replaced.
        #expect(ArchiveText.title("Café1977-05-08 in Zürich 1977-05-08", date: may8, english) == "Café1977-05-08 in Zürich 8 May 1977")
        #expect(ArchiveText.title("Live 1977-05-08é", date: may8, english) == "Live 1977-05-08é")
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

    @Test("the setlist's headings open sets at the tracks they head")
    func sets() {
        let text = "Soundboard, second generation.\n\nSet I:\n01. Jack Straw\nd1t02 Tennesee Jed\n\nDisc 2\nSET II\nScarlet Begonias ->\nFire on the Mountain\n\nThanks."
        #expect(ArchiveText.setOpenings(text, tracks: Self.tracks) == ["Set I", nil, "SET II", nil])
        // A misspelt title is still its track; a track the setlist leaves out stays in the set
        // before.
        #expect(ArchiveText.setOpenings("Set I\nJack Straw\nTennessee Jed\nEncore:\nScarlet Begoniaz\nFire On The Mountain", tracks: Self.tracks)
                == ["Set I", nil, "Encore", nil])
        #expect(ArchiveText.setOpenings("Set I\nJack Straw\nSet II\nScarlet Begonias\nFire On The Mountain", tracks: Self.tracks)
                == ["Set I", nil, "Set II", nil])
        #expect(ArchiveText.setOpenings("Set I\nJack Straw\nTennessee Jed\nSet II\nScarlet Begoniaz\nFire on teh Mountain", tracks: Self.tracks)
                == ["Set I", nil, "Set II", nil])
        #expect(ArchiveText.setOpenings("First set\nJack Straw\nTennessee Jed\nSecond Set\nScarlet Begonias", tracks: Self.tracks)
                == ["First set", nil, "Second Set", nil])
        // A disc heading inside a set counts for nothing; prose after a blank line is no title.
        #expect(ArchiveText.setOpenings("Set I\nJack Straw\nSet II\nDisc 2\nScarlet Begonias\nFire on the Mountain", tracks: Self.tracks)
                == ["Set I", nil, "Set II", nil])
        #expect(ArchiveText.setOpenings("Set I\nJack Straw\nTennessee Jed\nScarlet Begonias\nEncore:\nU.S. Blues\n\nSoundboard patch, thanks to all.",
                                        tracks: Self.tracks) == [nil, nil, nil, nil], "Fire On The Mountain, missing above, is no encore")
        // A medley's long title is still found as written (only the near match stops at prose length).
        let medley = "Playing in the Band > Uncle John's Band > Morning Dew > Uncle John's Band > Playing in the Band"
        let long = [Track(number: 1, title: "Jack Straw", seconds: nil, segue: false, files: []),
                    Track(number: 2, title: medley, seconds: nil, segue: false, files: [])]
        #expect(ArchiveText.setOpenings("Set I\nJack Straw\nSet II\n" + medley, tracks: long) == ["Set I", "Set II"])
        // One heading over the list (even after a track it leaves out), none, a disc break
        // alone, prose: no sets.
        let none = [String?](repeating: nil, count: 4)
        #expect(ArchiveText.setOpenings("Set I\nJack Straw\nTennessee Jed\nScarlet Begonias", tracks: Self.tracks) == none)
        #expect(ArchiveText.setOpenings("Set I\nTennessee Jed\nScarlet Begonias", tracks: Self.tracks) == none)
        #expect(ArchiveText.setOpenings("Jack Straw\nDisc 2\nTennessee Jed", tracks: Self.tracks) == none)
        #expect(ArchiveText.setOpenings("A great Jack Straw opener.\nSet II was better.", tracks: Self.tracks) == none)
        #expect(ArchiveText.setOpenings(nil, tracks: Self.tracks) == none)
        #expect(ArchiveText.setOpenings("Set I\nJack Straw\nSet II\nTennessee Jed", tracks: []) == [])
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
