import Testing
@testable import SitegenCore

@Suite("Field positions")
struct FieldPositionsTests {
    @Test func findsEveryNameAndOnlyThose() {
        let names = ["title", "date", "venue", "city", "dateISO", "a", "", "runtimeISO", "aLongerFieldNameThanSixteen", "type"]
        let positions = FieldPositions(names)
        for (position, name) in names.enumerated() { #expect(positions[name] == position, "\(name)") }
        for missing in ["titles", "Date", "b", "dat", "aLongerFieldNameThanSixteeN", "runtimeIS0"] {
            #expect(positions[missing] == nil, "\(missing)")
        }
        #expect(positions.all.count == names.count)
        #expect(FieldPositions([])["x"] == nil)
    }

    /// As a dictionary made of the same names would answer, on seeded random names and lookups.
    @Test func answersAsADictionaryWould() {
        var random = SeededRandom(seed: 3)
        let letters = Array("abcé")
        func name() -> String { String((0..<Int.random(in: 0...6, using: &random)).map { _ in letters.randomElement(using: &random)! }) }
        for _ in 0..<200 {
            let names = (0..<Int.random(in: 0...12, using: &random)).map { _ in name() }
            let positions = FieldPositions(names)
            let dictionary = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            for _ in 0..<20 {
                let probe = name()
                #expect(positions[probe] == dictionary[probe], "\(probe) in \(names)")
            }
            #expect(positions.all.count == dictionary.count)
        }
    }
}
