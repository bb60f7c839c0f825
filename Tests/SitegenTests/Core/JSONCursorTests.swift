import Foundation
@testable import SitegenCore
import Testing

@Suite("Lenient JSON reading")
struct JSONCursorTests {
    func cursor(_ text: String) throws -> JSONCursor {
        JSONCursor(try JSON.parse(Data(text.utf8), file: "test.json"), file: "test.json")
    }

    @Test func numbersAndBooleansAsStrings() throws {
        let json = try cursor(#"{"a":"12","b":12,"c":"12.5","d":null,"e":"true","f":"x","g":["7"]}"#)
        #expect(json["a"].int == 12)
        #expect(json["b"].int == 12)
        #expect(json["c"].double == 12.5)
        #expect(json["c"].int == nil)
        #expect(json["d"].int == nil)
        #expect(json["e"].bool == true)
        #expect(json["f"].int == nil)
        #expect(json["g"].int == 7)
        #expect(json["b"].string == "12")
    }

    @Test func listsFromObjectsArraysAndNothing() throws {
        let json = try cursor(#"{"one":{"x":1},"many":[{"x":1},{"x":2}],"none":"","empty":{},"null":null}"#)
        #expect(json["one"].list.count == 1)
        #expect(json["many"].list.count == 2)
        #expect(json["none"].list.isEmpty)
        #expect(json["empty"].list.isEmpty)
        #expect(json["null"].list.isEmpty)
        #expect(json["missing"].list.isEmpty)
        #expect(json["many"].list[1].path == "$.many[1]")
        #expect(json["many"].list[1]["x"]["odd key"].path == #"$.many[1].x["odd key"]"#)
        #expect(json["one"].list[0].path == "$.one", "a lone object listed keeps its own path")
    }

    @Test func stringsFromArraysAndEmptyObjects() throws {
        let json = try cursor(#"{"venue":["", "The Omni"],"taper":{},"title":"  x  "}"#)
        #expect(json["venue"].text == "The Omni")
        #expect(json["taper"].text == nil)
        #expect(json["title"].text == "x")
    }

    @Test func aMembersScalarReadsTheSameWithOrWithoutItsCursor() throws {
        // Every kind of value, white space, a key given twice (the last counts) and a missing one.
        let object = try cursor(#"""
            {"s": "  x  ", "blank": " ", "n": 12, "f": 1.5, "t": true, "no": "No", "one": "1", "z": null,
             "o": {}, "list": ["", " y ", 3], "empty": [], "k": "first", "k": "last"}
            """#)
        for key in ["s", "blank", "n", "f", "t", "no", "one", "z", "o", "list", "empty", "k", "missing"] {
            #expect(object.text(key) == object[key].text, "\(key)")
            #expect(object.bool(key) == object[key].bool, "\(key)")
        }
        #expect(object.text("s") == "x")
        #expect(object.text("list") == "y")
        #expect(object.text("k") == "last")
        #expect(object.bool("no") == false)
        // Not an object: every member is missing.
        let list = try cursor(#"["a"]"#)
        #expect(list.text("0") == nil && list.bool("0") == nil)
    }

    @Test func errorsNameFileAndPath() throws {
        let json = try cursor(#"{"response":{"docs":"oops"}}"#)
        let error = json["response"]["docs"].error("an array of search results")
        #expect(error.description == #"test.json at $.response.docs: error: expected an array of search results, found "oops""#)
        #expect(json["odd key"].path == #"$["odd key"]"#)
    }

    @Test func invalidJSONNamesTheFile() {
        #expect(throws: SitegenError.self) { try JSON.parse(Data("{\"a\":".utf8), file: "Content/x.json") }
        do {
            _ = try JSON.parse(Data("{\"a\":".utf8), file: "Content/x.json")
        } catch {
            #expect(error.description == "Content/x.json:1:5: error: not valid JSON: expected a JSON value, comma, colon or closing bracket near ':' (where the file ends)")
        }
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        func message(_ text: String) -> String {
            do { _ = try JSON.parse(Data(text.utf8), file: "a.json"); return "parsed" } catch { return error.description }
        }
        #expect(message("{\n  \"a\": 1,\n  \"b\": tru\n}") == "a.json:3:8: error: not valid JSON: expected a JSON value, comma, colon or closing bracket near 'tru'")
        #expect(message("[1, 2] x") == "a.json:1:8: error: not valid JSON: unexpected text after the JSON value: 'x'")
        #expect(message("") == "a.json: error: not valid JSON: the file is empty")
        #expect(message(" \n") == "a.json: error: not valid JSON: the file is empty")
        #expect(message("{\"a\": [1, 2") == "a.json:1:11: error: not valid JSON: expected a JSON value, comma, colon or closing bracket near '2' (where the file ends)")
    }


    /// A file of values packed as tight as JSON allows (`[0,0,…]`, `[{},{},…]`) would take 40 or
    /// 27 times its size in nodes; it is refused by the parser's memory budget, while the densest
    /// answer the services send (Last.fm's week list, 10 times) of the same size reads.
    @Test func valuesPackedDenserThanAnyAnswerAreRefused() throws {
        func message(_ text: String) -> String {
            do { _ = try JSON.parse(Data(text.utf8), file: "a.json"); return "parsed" } catch { return error.description }
        }
        let zeros = "[" + String(repeating: "0,", count: 150_000) + "0]"
        #expect(message(zeros).hasPrefix("a.json:1:"))
        #expect(message(zeros).hasSuffix("error: refused: its values are packed more densely than in any answer of the services "
                                          + "(reading its 300003 bytes would take more than 5 MB)"))
        let emptyObjects = "{\"a\":[" + Array(repeating: "{}", count: 100_000).joined(separator: ",") + "]}"
        #expect(message(emptyObjects).contains("packed more densely"))
        let week = ##"{"#text":"","from":"1108296000","to":"1108900800"}"##
        let weeks = #"{"weeklychartlist":{"chart":["# + Array(repeating: week, count: 6_000).joined(separator: ",") + "]}}"
        #expect(weeks.utf8.count > 300_000)
        #expect(message(weeks) == "parsed")
        // The limit lasts one document: the next small one on the same thread reads.
        #expect(message("[0,0,0]") == "parsed")
    }
    @Test func valuesOfEveryKindAndInvalidUTF8() throws {
        let json = try JSON.parse(Data(#"{"s":"é\u00e9","n":-1.5e2,"i":1234567890123,"t":true,"f":false,"z":null,"a":[1,"x",{}]}"#.utf8), file: "a.json")
        #expect(json == .object(["s": .string("éé"), "n": .number(-150), "i": .number(1234567890123), "t": .bool(true),
                                 "f": .bool(false), "z": .null, "a": .array([.number(1), .string("x"), .object([:])])]))
        let broken = try JSON.parse(Data([0x22, 0x61, 0xFF, 0x62, 0x22]), file: "a.json")
        #expect(broken == .string("a\u{FFFD}b"))
        #expect(try JSON.parse(Data("42".utf8), file: "a.json") == .number(42))
    }
}

@Suite("JSON objects")
struct JSONObjectTests {
    /// Small objects are searched, large ones indexed: both find each key, the last of a key
    /// given twice (as a dictionary would keep it), and nothing else.
    @Test(arguments: [3, JSONObject.indexedAbove, JSONObject.indexedAbove + 1, 40])
    func findsTheLastMemberOfAKey(count: Int) throws {
        var keys = (0..<count).map { "key\($0)" }
        var values = (0..<count).map { JSON.number(Double($0)) }
        keys.append("key1")
        values.append(.string("again"))
        let object = JSONObject(Array(zip(keys, values)).map { (key: $0, value: $1) })
        #expect(object["key1"] == .string("again"))
        for index in (0..<count).filter({ $0 != 1 }) { #expect(object["key\(index)"] == .number(Double(index))) }
        #expect(object["key\(count)"] == nil)
        #expect(object["key"] == nil)
        #expect(object.keys == Set(keys).sorted())
    }

    /// A composed and a decomposed "é" are two keys, in a small object and in an indexed one.
    @Test(arguments: [2, JSONObject.indexedAbove + 1])
    func keysMatchByteForByte(count: Int) {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        var members = (0..<count - 2).map { (key: "key\($0)", value: JSON.null) }
        members += [(key: composed, value: .number(1)), (key: decomposed, value: .number(2))]
        let object = JSONObject(members)
        #expect(object[composed] == .number(1))
        #expect(object[decomposed] == .number(2))
        #expect(object.keys.count == count)
        #expect(object.keys.prefix(2) == [decomposed, composed])
    }

    @Test func equalWhateverTheOrderOfItsMembers() throws {
        let json = try JSON.parse(Data(#"{"a": 1, "b": {"c": [true, null]}, "a": 2}"#.utf8), file: "t.json")
        #expect(json == .object(["b": .object(["c": .array([.bool(true), .null])]), "a": .number(2)]))
        #expect(json != .object(["b": .object(["c": .array([.bool(true), .null])]), "a": .number(1)]))
        #expect(JSON.object(["a": .null]) != .object(["a": .null, "b": .null]))
        #expect(JSON.object([:]) == .object([:]))
    }
}
