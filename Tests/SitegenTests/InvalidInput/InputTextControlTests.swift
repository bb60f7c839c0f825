import Testing
@testable import SitegenCore

/// The word-at-a-time check for control characters must agree with the byte-by-byte rule at
/// every position of a word and with every byte value.
@Suite("Input text: control characters")
struct InputTextControlTests {
    @Test("every byte value at every position of a 1 to 19 byte text")
    func everyByte() {
        for length in 1...19 {
            for position in 0..<length {
                for value in UInt8(0)...UInt8(0x7F) {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = value
                    let text = String(decoding: bytes, as: UTF8.self)
                    #expect(InputText.containsForbiddenControl(text) == InputText.isForbiddenControl(value), "\(length) \(position) \(value)")
                }
            }
        }
    }

    @Test("multi-byte characters around a control character")
    func unicode() {
        #expect(!InputText.containsForbiddenControl("Théâtre\t de l’Olympia\r\n — ١٢٣ 🎸"))
        #expect(InputText.containsForbiddenControl("Théâtre de l’Olympia — ١٢٣ 🎸\u{1B}[31m"))
        #expect(InputText.strippingControls("a\u{7F}b\u{01}c\u{80}") == "abc\u{80}")
    }
}
