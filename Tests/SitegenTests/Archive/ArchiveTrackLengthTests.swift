import Testing
import SitegenCore
@testable import SitegenArchive

@Suite("Archive track lengths")
struct ArchiveTrackLengthTests {
    @Test("seconds with a fraction, m:ss, mm:ss and h:mm:ss; runtimes past an hour in minutes")
    func parse() {
        #expect(TrackLength.seconds("108.81") == 108.81)
        #expect(TrackLength.seconds("24.1") == 24.1)
        #expect(TrackLength.seconds("22:00") == 1320)
        #expect(TrackLength.seconds("00:24") == 24)
        #expect(TrackLength.seconds("2:28") == 148)
        #expect(TrackLength.seconds("1:02:03") == 3723)
        #expect(TrackLength.seconds("165:31.53") == 165 * 60 + 31.53)
        #expect(TrackLength.seconds(" 12:07 ") == 727)
    }

    @Test("the byte reading of plain lengths gives what the general reading gives")
    func plainLengthsAgree() {
        // A leading space sends text to the general reading (trim, split, `Double`), so each
        // length is read both ways; fractions of up to fifteen digits in all.
        var random = SeededRandom(seed: 7)
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) }) }
        for _ in 0..<5_000 {
            let parts = Int.random(in: 1...3, using: &random)
            var text = (1..<parts).map { _ in digits(Int.random(in: 1...3, using: &random)) + ":" }.joined()
            text += digits(Int.random(in: 1...6, using: &random))
            if Bool.random(using: &random) { text += "." + digits(Int.random(in: 1...9, using: &random)) }
            #expect(TrackLength.seconds(text) == TrackLength.seconds(" " + text), "\(text)")
            // Every such text is a length, but one longer than a week (`TrackLength.longest`).
            let value = text.split(separator: ":").reversed().enumerated().reduce(0.0) { total, part in
                total + Double(part.element)! * [1.0, 60, 3600][part.offset]
            }
            #expect((TrackLength.seconds(text) != nil) == (value <= TrackLength.longest), "\(text)")
        }
        for text in ["12.", ".5", "1:2.5:3", "1:02:03:04", "123456789012345678", "1.2.3"] {
            #expect(TrackLength.seconds(text) == TrackLength.seconds(" " + text), "\(text)")
        }
    }

    @Test("text that is not a length")
    func reject() {
        // Digits beyond ASCII, and a digit with a combining mark, are not lengths either.
        for text in ["", "abc", "1:2:3:4", "-5", "1::2", "12:0a", "1.5:00", "inf", "٣:٠٠", "5\u{301}:00", "12：00"] {
            #expect(TrackLength.seconds(text) == nil, "\(text)")
        }
    }

    @Test("ISO forms (people read SiteLanguage.duration)")
    func display() {
        #expect(TrackLength.iso(9931.53) == "PT2H45M32S")
        #expect(TrackLength.iso(24) == "PT24S")
        #expect(TrackLength.iso(3600) == "PT1H0M0S")
    }
}
