import Testing
@testable import SitegenArchive

/// The byte readers of `ArchiveTextBytes` must say what the regexes of `ArchiveText` say: checked
/// on every short string over the characters the patterns care about, plus seeded longer ones.
@Suite("Archive text: bytes and regexes agree")
struct ArchiveTextBytesTests {
    static let alphabet: [Character] = ["d", "t", "0", "1", "9", ".", ")", ":", "-", " ", "\t", "a", "B", "x", "?", "T", "D"]

    @Test("track-number keys, exhaustively up to three characters and seeded up to sixteen")
    func keys() {
        for text in Self.exhaustive(upTo: 3) + Self.seeded(count: 4000, upTo: 16) {
            #expect(ArchiveTextBytes.key(text) == ArchiveText.regexKey(text), "\(text.debugDescription)")
        }
        #expect(ArchiveText.key("d1t03. Scarlet Begonias ->") == "scarletbegonias")
        #expect(ArchiveText.key("12345 Song") == "12345song", "four digits and more are not a track number")
        #expect(ArchiveText.key("Ünïcode Sóng") == ArchiveText.regexKey("Ünïcode Sóng"), "non-ASCII goes to the regex")
    }

    @Test("unknown date parts, exhaustively up to four characters and seeded up to sixteen")
    func unknownDateParts() {
        let dates: [Character] = ["1", "9", "0", "-", "x", "?", "X", " "]
        for text in Self.exhaustive(upTo: 4, over: dates) + Self.seeded(count: 4000, upTo: 16, over: dates) {
            #expect(ArchiveTextBytes.hasUnknownDatePart(text) == text.contains(ArchiveText.unknownDatePart), "\(text.debugDescription)")
        }
        #expect(ArchiveTextBytes.hasUnknownDatePart("on 1966-00-00") == true)
        #expect(ArchiveTextBytes.hasUnknownDatePart("on 1977-05-08") == false)
        #expect(ArchiveTextBytes.hasUnknownDatePart("am 1966-00-00 – ") == nil)
    }

    static func exhaustive(upTo length: Int, over alphabet: [Character] = alphabet) -> [String] {
        var all = [""], layer = [""]
        for _ in 0..<length {
            layer = layer.flatMap { prefix in alphabet.map { prefix + String($0) } }
            all += layer
        }
        return all
    }

    static func seeded(count: Int, upTo length: Int, over alphabet: [Character] = alphabet) -> [String] {
        var generator = SeededGenerator(seed: 0x5eed)
        return (0..<count).map { _ in
            String((0..<Int.random(in: 5...length, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
    }
}

/// SplitMix64: the same strings on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
