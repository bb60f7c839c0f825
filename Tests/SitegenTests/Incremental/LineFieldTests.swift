import Foundation
@testable import SitegenCore
import Testing

@Suite("Fields of the build's record files")
struct LineFieldTests {
    /// Fields are escaped and read back on their bytes in one pass: every field reads back as
    /// it was and its line holds no tab or newline, on seeded random fields that are mostly the
    /// characters escaped, the digits of their codes and combining marks; where no combining
    /// mark follows, the text is the same as Foundation's replacements in turn (the code before
    /// it), which matched whole characters and so missed "\n\u{301}".
    @Test func fieldsEscapeEveryByteAndReadBack() {
        func byFoundation(_ field: String) -> String {
            field.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09").replacingOccurrences(of: "\n", with: "%0A")
        }
        func backByFoundation(_ field: String) -> String {
            field.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%25", with: "%")
        }
        #expect(LineField.escape("\n\u{301}\t\u{308}") == "%0A\u{301}%09\u{308}")
        #expect(LineField.unescape("%0A\u{301}%09\u{308}") == "\n\u{301}\t\u{308}")
        var random = SeededRandom(seed: 13)
        let plain = Array("%\t\n0925Aa ü🎸".unicodeScalars)
        let marks = Array("\u{301}\u{308}\u{FE0F}\u{200D}".unicodeScalars)
        for round in 0..<2_000 {
            let alphabet = round.isMultiple(of: 2) ? plain : plain + marks
            let count = Int.random(in: 0...40, using: &random)
            let field = String(String.UnicodeScalarView((0..<count).map { _ in alphabet.randomElement(using: &random)! }))
            let escaped = LineField.escape(field)
            #expect(!escaped.utf8.contains(0x09) && !escaped.utf8.contains(0x0A), "\(field.debugDescription)")
            #expect(LineField.unescape(escaped) == field, "\(field.debugDescription)")
            if alphabet == plain {
                #expect(escaped == byFoundation(field), "\(field.debugDescription)")
                #expect(LineField.unescape(field) == backByFoundation(field), "\(field.debugDescription)")
            }
        }
    }
}
