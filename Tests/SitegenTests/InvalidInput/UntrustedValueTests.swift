import Foundation
import Testing
@testable import SitegenArchive
@testable import SitegenCharts
@testable import SitegenCore

/// The readers of single hostile values: each case here once trapped, cut text short, or read a
/// value no service sends as if it were data. (The builds of whole broken sites are in
/// Invalid/, run by `InvalidInputTests`.)
@Suite("Untrusted values")
struct UntrustedValueTests {
    private func parse(_ bytes: [UInt8]) throws -> JSONCursor {
        JSONCursor(try JSON.parse(Data(bytes), file: "t.json"), file: "t.json")
    }

    @Test("a NUL in a JSON string, raw or escaped, keeps the whole text")
    func nulInStrings() throws {
        let root = try parse(Array(#"{"a":"x\u0000y","b":"p"#.utf8) + [0] + Array(#"q","c":"\\u0000","#.utf8)
            + Array(#""d":"\uFDD0","\u0000k":1}"#.utf8))
        #expect(root["a"].string == "x\u{0}y")
        #expect(root["b"].string == "p\u{0}q")
        #expect(root["c"].string == #"\u0000"#, "an escaped backslash before u0000 is text")
        #expect(root["d"].string == String(Unicode.Scalar(0xFDD0 as UInt32)!), "a noncharacter the document holds is not taken for a NUL")
        #expect(root.keys.contains("\u{0}k"))
        #expect(try parse(Array(#"{"a":"no nul"}"#.utf8))["a"].string == "no nul")
    }

    @Test("numbers only in decimal: no hex, no infinity words, no first element of a list")
    func decimalNumbers() throws {
        for text in ["12", "-3.5", "1e3", "007", " 42 ", "2.5E-3"] {
            #expect(JSONCursor(.string(text), file: "t").double == Double(text.trimmingCharacters(in: .whitespaces)), "\(text)")
        }
        for text in ["0x10", "0x1p6", " 0X2A ", "inf", "nan", "infinity", ".5", "5.", "+3", "1e", "1_000", "1,5", "--1"] {
            #expect(JSONCursor(.string(text), file: "t").double == nil, "\(text)")
        }
        #expect(JSONCursor(.array([.number(77), .string("junk")]), file: "t").double == nil)
        #expect(JSONCursor(.array([.string("7")]), file: "t").double == 7, "a list of one is its value")
        let warnings = WarningLog()
        #expect(JSONCursor(.string("8999999999999999"), file: "t").count("a play count", warnings: warnings) == nil)
        #expect(JSONCursor(.string("1000000000000"), file: "t").count("a play count", warnings: warnings) == 1_000_000_000_000)
        #expect(warnings.sorted.count == 1)
    }

    @Test("sums of counts are nil when they overflow")
    func checkedSums() {
        #expect([1, 2, 3].checkedSum() == 6)
        #expect([Int]().checkedSum() == 0)
        #expect([Int.max, 1].checkedSum() == nil)
        #expect(Array(repeating: 8_999_999_999_999_999, count: 1_100).checkedSum() == nil)
    }

    @Test("messages escape the control characters they quote")
    func escapedMessages() {
        let forged = "\u{1B}[31mRED\nFAKE.json: error: forged\t\u{9B}"
        let warning = Warning("found \"\(forged)\"", at: SourceLocation(file: "a\nb.json"))
        #expect(warning.description == #"a\nb.json: warning: found "\u{1B}[31mRED\nFAKE.json: error: forged\t\u{9B}""#)
        #expect(!SitegenError(forged).description.contains { $0.isNewline })
        #expect(InputText.escapingControls("Théâtre — 🎸") == "Théâtre — 🎸")
    }

    @Test("YAML block nesting counted at any indent")
    func yamlNesting() {
        let oneSpace = "deep:\n" + (1...70).map { String(repeating: " ", count: $0) + "a:\n" }.joined() + String(repeating: " ", count: 71) + "a: 1\n"
        #expect(YAMLLimits.deepLine(oneSpace) != nil)
        // A comment line at the left margin closes nothing.
        let commented = "deep:\n" + (1...70).map { String(repeating: " ", count: $0) + "a:\n# note\n" }.joined()
        #expect(YAMLLimits.deepLine(commented) != nil)
        let lists = "deep:\n" + String(repeating: "- ", count: 70) + "x\n"
        #expect(YAMLLimits.deepLine(lists) != nil)
        // A quoted scalar's next line at the left margin closes no level that bounds the depth.
        let reset = "deep:\n" + (0..<5).map { round in
            let indent = String(repeating: " ", count: 60 * round)
            return (1...60).map { indent + String(repeating: " ", count: $0) + "a:\n" }.joined() + indent + String(repeating: " ", count: 61) + "b: \"x\n\"\n"
        }.joined()
        #expect(YAMLLimits.deepLine(reset) != nil)
        let real = "title: Site\nevents:\n  metros:\n    - {id: 1, name: A}\n    - id: 2\n      name: B\n# done\ncharts:\n  listeners:\n    - user: x\n"
        #expect(YAMLLimits.deepLine(real) == nil)
        let twoSpace = "deep:\n" + (1...40).map { String(repeating: "  ", count: $0) + "a:\n" }.joined()
        #expect(YAMLLimits.deepLine(twoSpace) == nil, "40 levels, two spaces each, are within the limit")
    }

    @Test("a byte order mark before site.yml")
    func byteOrderMark() throws {
        let value = try YAMLValue.parse("\u{FEFF}title: Site\n", file: "site.yml")
        #expect(try value.mapping("site").string("title") == "Site")
    }

    @Test("lengths and times that would overflow are not lengths or times")
    func hugeLengths() {
        #expect(TrackLength.seconds("1" + String(repeating: "0", count: 300)) == nil)
        #expect(TrackLength.seconds("165:31.53") == 165 * 60 + 31.53)
        #expect(TrackLength.iso(1e300) == "PT168H0M0S")
        #expect(UTCDateTime.seconds("2016-12-03 99999999999999999:00") == nil)
        #expect(UTCDateTime.seconds("2016-12-03 14:45") == 1_480_776_300)
        // archive.org's forms (search fields, metadata) and a bare day, read one way.
        for text in ["2022-11-20T12:21:52Z", "2022-11-20 12:21:52", "2022-11-20T12:21:52.5Z"] {
            #expect(UTCDateTime.seconds(text) == 1_668_946_912, "\(text)")
        }
        #expect(UTCDateTime.seconds("2022-11-20") == 1_668_902_400)
        for text in ["2022-11-20T25:00:00Z", "2022-11-20T12:60", "2022-11-20X12:00", "2022-11-20 1:2", "2022-13-01",
                     "2022-11-20 -1:-5", "2022-11-20T+1:+2:+3Z", "2022-+1-05", "+022-11-05"] {
            #expect(UTCDateTime.seconds(text) == nil, "\(text)")
        }
    }
}
