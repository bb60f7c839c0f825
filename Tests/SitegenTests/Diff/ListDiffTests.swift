import Foundation
import SitegenCore
import Testing

private struct Row: Identifiable, Equatable, CustomStringConvertible {
    var id: Int
    var content: Int
    var description: String { "\(id):\(content)" }
}

private func rows(_ ids: [Int], content: Int = 0) -> [Row] { ids.map { Row(id: $0, content: content) } }

@Suite("ListDiff")
struct ListDiffTests {
    @Test("identical lists give an empty difference")
    func identical() {
        let list = rows([1, 2, 3])
        let diff = ListDiff(from: list, to: list)
        #expect(diff.isEmpty)
        #expect(diff.apply(to: list) == list)
        #expect(diff.oldIndex(forNew: 2) == 2)
    }

    @Test("insertions and deletions are reported by index")
    func insertAndDelete() {
        let diff = ListDiff(from: rows([1, 2, 3, 4]), to: rows([1, 5, 3, 4, 6]))
        #expect(diff.deletions == [1])
        #expect(diff.insertions.map(\.index) == [1, 4])
        #expect(diff.insertions.map(\.element.id) == [5, 6])
        #expect(diff.moves.isEmpty)
        #expect(diff.oldIndex(forNew: 1) == nil)
        #expect(diff.oldIndex(forNew: 2) == 2)
    }

    @Test("one item carried to the front is one move, not n-1")
    func fewestMoves() {
        let diff = ListDiff(from: rows([1, 2, 3, 4, 5]), to: rows([5, 1, 2, 3, 4]))
        #expect(diff.moves == [ListDiff<Row>.Move(from: 4, to: 0)])
        #expect(diff.deletions.isEmpty && diff.insertions.isEmpty)
    }

    @Test("a swap is one move")
    func swap() {
        let diff = ListDiff(from: rows([1, 2]), to: rows([2, 1]))
        #expect(diff.moves.count == 1)
        #expect(diff.apply(to: rows([1, 2])) == rows([2, 1]))
    }

    @Test("changed content is an update; an item can move and update at once")
    func updates() {
        let old = [Row(id: 1, content: 0), Row(id: 2, content: 0), Row(id: 3, content: 0)]
        let new = [Row(id: 3, content: 9), Row(id: 1, content: 0), Row(id: 2, content: 1)]
        let diff = ListDiff(from: old, to: new)
        #expect(diff.updates.map { [$0.from, $0.to] } == [[2, 0], [1, 2]])
        #expect(diff.moves == [ListDiff<Row>.Move(from: 2, to: 0)])
        #expect(diff.apply(to: old) == new)
    }

    @Test("repeated ids still give a difference that rebuilds the new list")
    func duplicates() {
        let old = rows([7, 7, 1, 7])
        let new = rows([7, 1, 7])
        let diff = ListDiff(from: old, to: new)
        #expect(diff.deletions.count == 1)
        #expect(diff.insertions.isEmpty)
        #expect(diff.apply(to: old) == new)
    }

    @Test("empty lists on either side")
    func empties() {
        let list = rows([1, 2])
        #expect(ListDiff(from: [], to: list).insertions.count == 2)
        #expect(ListDiff(from: list, to: []).deletions == [0, 1])
        #expect(ListDiff<Row>(from: [], to: []).isEmpty)
        #expect(ListDiff(from: [], to: list).apply(to: []) == list)
    }

    @Test("ids from a key path or closure, equality from Equatable")
    func keyPathIDs() {
        let diff = ListDiff(from: ["a.html", "b.html"], to: ["b.html", "c.html"], id: { $0 })
        #expect(diff.deletions == [0])
        #expect(diff.insertions.map(\.element) == ["c.html"])
        let byKeyPath = ListDiff(from: rows([1, 2]), to: rows([2]), id: \.id)
        #expect(byKeyPath.deletions == [0])
    }

    @Test("applying to a list of another length gives nil")
    func wrongBase() {
        let diff = ListDiff(from: rows([1, 2]), to: rows([2]))
        #expect(diff.apply(to: rows([1])) == nil)
    }

    @Test("property: applying the difference to the old list gives the new list (2,000 seeded cases)")
    func randomLists() {
        for seed in UInt64(1)...2000 {
            var random = SeededRandom(seed: seed)
            let (old, new) = Self.randomPair(&random, size: Int.random(in: 0...40, using: &random))
            let diff = ListDiff(from: old, to: new)
            #expect(diff.apply(to: old) == new, "seed \(seed): \(old) -> \(new)")
            Self.checkInvariants(diff, old: old, new: new, seed: seed)
        }
    }

    @Test("100,000 items with a few thousand changes")
    func large() {
        var random = SeededRandom(seed: 42)
        let (old, new) = Self.randomPair(&random, size: 100_000, edits: 3000, uniqueIDs: true)
        let clock = ContinuousClock()
        var diff: ListDiff<Row>?
        let elapsed = clock.measure { diff = ListDiff(from: old, to: new) }
        let rebuilt = diff?.apply(to: old) == new // a Bool, so a failure does not print 100,000 rows
        #expect(rebuilt)
        // A loose bound, for debug builds on a shared machine: it catches a quadratic walk, not a
        // slower constant (`sitegen bench-diff` measures the release build).
        #expect(elapsed < .seconds(5))
    }

    /// Random edits of a random list: deletions, insertions, moves, content changes, and
    /// (unless `uniqueIDs`) repeated ids.
    private static func randomPair(_ random: inout SeededRandom, size: Int, edits: Int? = nil,
                                   uniqueIDs: Bool = false) -> ([Row], [Row]) {
        let idRange = uniqueIDs ? Int.max / 2 : max(4, size)
        var nextID = size
        let old = (0..<size).map { Row(id: uniqueIDs ? $0 : Int.random(in: 0..<idRange, using: &random), content: 0) }
        var new = old
        let count = edits ?? Int.random(in: 0...max(1, size / 2), using: &random)
        for _ in 0..<count {
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where !new.isEmpty:
                new.remove(at: Int.random(in: 0..<new.count, using: &random))
            case 1:
                let id = uniqueIDs ? nextID : Int.random(in: 0..<idRange, using: &random)
                nextID += 1
                new.insert(Row(id: id, content: 0), at: Int.random(in: 0...new.count, using: &random))
            case 2 where !new.isEmpty:
                let item = new.remove(at: Int.random(in: 0..<new.count, using: &random))
                new.insert(item, at: Int.random(in: 0...new.count, using: &random))
            case 3 where !new.isEmpty:
                new[Int.random(in: 0..<new.count, using: &random)].content += 1
            default:
                break
            }
        }
        return (old, new)
    }

    private static func checkInvariants(_ diff: ListDiff<Row>, old: [Row], new: [Row], seed: UInt64) {
        // Every pair has equal ids, every item is accounted for exactly once.
        var seenOld = Set(diff.deletions)
        for newIndex in new.indices {
            guard let oldIndex = diff.oldIndex(forNew: newIndex) else { continue }
            #expect(old[oldIndex].id == new[newIndex].id, "seed \(seed)")
            #expect(seenOld.insert(oldIndex).inserted, "seed \(seed): old \(oldIndex) used twice")
        }
        #expect(seenOld.count == old.count, "seed \(seed)")
        #expect(diff.insertions.count + old.count - diff.deletions.count == new.count, "seed \(seed)")
        #expect(diff.updates.allSatisfy { old[$0.from] != new[$0.to] }, "seed \(seed)")
    }
}
