import Foundation
import SitegenCore
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
    }

    @Test func stringsFromArraysAndEmptyObjects() throws {
        let json = try cursor(#"{"venue":["", "The Omni"],"taper":{},"title":"  x  "}"#)
        #expect(json["venue"].text == "The Omni")
        #expect(json["taper"].text == nil)
        #expect(json["title"].text == "x")
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
            #expect(error.description.hasPrefix("Content/x.json: error: not valid JSON"))
        }
    }
}
