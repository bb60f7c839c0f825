import Foundation
import SitegenCore
import Testing

@Suite("Text helpers: trimming, plain text, escaping, digests")
struct SupportTextTests {
    @Test func trimmingRemovesUnicodeWhiteSpaceAtBothEnds() {
        #expect("plain".trimmed == "plain")
        #expect("  a b \n".trimmed == "a b")
        #expect("\u{00A0}\u{2003}Grateful Dead\u{3000}\t".trimmed == "Grateful Dead")
        #expect(" \n\t ".trimmed == "")
        #expect("".trimmed == "")
        #expect("é ".trimmed == "é")
        #expect(" x"[...].trimmed == "x")
    }

    @Test func plainTextDropsMarkupAndKeepsLineBreaks() {
        #expect(HTMLText.plainText("Set I: Bertha<br />Set II: <b>Wharf Rat</b>") == "Set I: Bertha\nSet II: Wharf Rat")
        #expect(HTMLText.plainText("<p>One</p>\r\n\r\n\r\n<p>Two &amp; three</p>") == "One\n\nTwo & three")
        // A bidi override written as a reference is dropped, as one written plainly is at parse.
        #expect(HTMLText.plainText("Golden Owls&#x202E; live &#8238;&#x2067;") == "Golden Owls live")
        // Without a `<` the tag walk is skipped; entities, line endings and blank runs are still handled.
        #expect(HTMLText.plainText("  Dark Star -&gt;\r\nSt. Stephen  \n\n\n\nThe Eleven &#8594; ") == "Dark Star ->\nSt. Stephen\n\nThe Eleven →")
        #expect(HTMLText.plainText("no markup at all") == "no markup at all")
        #expect(HTMLText.plainText("a &unknown; &amp b") == "a &unknown; &amp b")
        // A line end written as an entity is a line end; a lone carriage return is trimmed like a space.
        #expect(HTMLText.plainText("Set I:&#13;\nBertha &#13;\n\n\nEnd\r") == "Set I:\nBertha\n\nEnd")
        #expect(HTMLText.plainText("Ünïcödé  \n  lines ✓") == "Ünïcödé\nlines ✓")
    }

    @Test func escapingCoversTheFiveCharactersAndKeepsTheRest() {
        #expect(HTMLText.escape("Tom & Jerry's <\"band\">") == "Tom &amp; Jerry&#39;s &lt;&quot;band&quot;&gt;")
        #expect(HTMLText.escape("Café — no change") == "Café — no change")
        #expect(HTMLText.escape("") == "")
        // The neighbours of the five, and the bytes 64 above them ("b", "f", "g", "|", "~"), pass.
        #expect(HTMLText.escape("!#$%()*+,-./:;=?@bfg|~") == "!#$%()*+,-./:;=?@bfg|~")
        #expect(HTMLText.escape("a long line of plain words that runs past one small string, \u{1F600}") == "a long line of plain words that runs past one small string, \u{1F600}")
        // C0 controls but tab and line ends, and DEL, never reach a page.
        #expect(HTMLText.escape("a\u{0}b\u{1}c\u{1B}[31md\u{7F}e\tf\ng\rh") == "abc[31mde\tf\ng\rh")
    }

    @Test func plainTextTrimsEachLineAsCharactersWould() {
        // Lines are trimmed on their bytes when their edges are ASCII: the reference is trimming
        // each line by characters, with at most one blank line in a row.
        func reference(_ text: String) -> String {
            var lines: [String] = []
            var blank = 0
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmed
                blank = trimmed.isEmpty ? blank + 1 : 0
                if blank <= 1 { lines.append(trimmed) }
            }
            return lines.joined(separator: "\n").trimmed
        }
        let texts = [
            "", "\n", "\n\n\n", " a ", "a\n\n\n\nb", "\n\n  a  \n \t \n\n b\t\n\n",
            "\u{00A0}no-break\u{00A0}\n\u{00A0}\n x", " \u{301}combining\ne\u{301} \n \u{301}",
            "\u{0B}vertical tab\u{0C}\n\u{01}control\u{1F}", "\u{2003}em space\u{3000}\n✓ ok ✓\n 🎸 ",
            "Set I: Bertha\nSet II:\u{85}\nEnd", "tab\tinside\nlast line without end", "a\n\u{00A0}\n\n\nb",
        ]
        for text in texts {
            #expect(HTMLText.plainText(text) == reference(text), "\(text.debugDescription)")
        }
    }

    @Test func aDigestSeesEveryByteWhereItStands() {
        // Long inputs go through four lanes of 8 bytes, short ones straight through: a byte
        // changed anywhere, words swapped within a 32-byte step or across steps, and a shorter
        // or longer input, all give another digest.
        let base = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var variants: [[UInt8]] = [base, Array(base.prefix(99)), base + [0], Array(base.prefix(31)), Array(base.prefix(32))]
        for index in base.indices {
            var changed = base
            changed[index] ^= 0x01
            variants.append(changed)
        }
        var lanesSwapped = base
        lanesSwapped.replaceSubrange(0..<16, with: base[8..<16] + base[0..<8])
        var stepsSwapped = base
        stepsSwapped.replaceSubrange(0..<64, with: base[32..<64] + base[0..<32])
        variants += [lanesSwapped, stepsSwapped]
        let digests = variants.map { bytes in bytes.withUnsafeBytes { Digest.of(Data($0)) } }
        #expect(Set(digests).count == variants.count)
        #expect(Digest.of(Data(base)) == Digest.of(Data(base)))
        #expect(Digest.of(String(decoding: base.prefix(90).map { $0 & 0x7F }, as: UTF8.self))
            == Digest.of(Data(base.prefix(90).map { $0 & 0x7F })))
    }

    @Test func digestsPrintAndReadBackAsThirtyTwoHexDigits() {
        for digest in [Digest(high: 0, low: 1), Digest(high: .max, low: 0x0123_4567_89AB_CDEF), Digest.of("sitegen")] {
            let text = digest.description
            #expect(text.count == 32)
            #expect(text == text.lowercased())
            #expect(Digest(hexDigits: Array(text.utf8)) == digest)
        }
        #expect(Digest(high: 0, low: 255).description == "000000000000000000000000000000ff")
        #expect(Digest(hexDigits: Array("xyz".utf8)) == nil)
        #expect(Digest(hexDigits: Array(String(repeating: "g", count: 32).utf8)) == nil)
        // Upper case reads too; the bytes just outside each range of digits do not.
        let digest = Digest(high: 0x0123_4567_89AB_CDEF, low: .max)
        #expect(Digest(hexDigits: Array(digest.description.uppercased().utf8)) == digest)
        for outside in ["/", ":", "@", "G", "`", "g", "\u{0}"] {
            #expect(Digest(hexDigits: Array((String(repeating: "0", count: 31) + outside).utf8)) == nil, "\(outside.debugDescription)")
        }
        // A collection without contiguous storage is read by the same rules.
        #expect(Digest(hexDigits: digest.description.utf8.lazy.map { $0 }) == digest)
        #expect(Digest(hexDigits: "0123456789abcdeg0123456789abcdef".utf8.lazy.map { $0 }) == nil)
    }
}
