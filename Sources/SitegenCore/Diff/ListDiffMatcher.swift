/// Pairs the items of two lists by id, for `ListDiff`. Lists that differ by a few thousand
/// changes are mostly runs of items in the same order, so the matcher walks both lists in step
/// and compares ids directly; only items off those runs go through hash tables ("pending"
/// items waiting for their partner). A shuffled list ends up hashing every item, which is
/// still O(n) expected.
///
/// Every pair it makes has equal ids and no item is paired twice, so with repeated ids the
/// occurrences are paired in some valid way, and with unique ids the pairing is the only one.
@usableFromInline struct ListDiffMatcher {
    /// For each new index, the old index of its partner, or -1.
    @usableFromInline var sources: [Int]
    /// For each old index, the new index of its partner, or -1.
    @usableFromInline var targets: [Int]

    /// How far ahead to look for the point where the two lists run in step again.
    @usableFromInline static var lookahead: Int { 8 }
    /// Fruitless look-aheads in a row after which the matcher stops looking ahead.
    @usableFromInline static var restAfterMisses: Int { 4 }

    @inlinable init<Element, ID: Hashable>(old: [Element], new: [Element], id: (Element) -> ID) {
        // Each id is computed once: the walk below looks at some items several times.
        let oldIDs = old.map(id)
        let newIDs = new.map(id)
        sources = [Int](repeating: -1, count: new.count)
        targets = [Int](repeating: -1, count: old.count)
        var pendingOld = Pending<ID>(count: old.count)
        var pendingNew = Pending<ID>(count: new.count)
        var oldIndex = 0
        var newIndex = 0
        // Looking ahead pays when the lists mostly agree; in a shuffled list it never finds
        // anything, so after a few misses in a row it rests until the lists agree again.
        var misses = 0
        while oldIndex < old.count && newIndex < new.count {
            if oldIDs[oldIndex] == newIDs[newIndex] {
                pair(oldIndex, newIndex)
                oldIndex += 1
                newIndex += 1
                misses = 0
                continue
            }
            // Off the run: find the nearest point where the lists agree again, and park what
            // lies before it (or pair it with an item parked earlier).
            var skipOld = 1
            var skipNew = 1
            if misses < Self.restAfterMisses {
                misses += 1
                for distance in 1...Self.lookahead {
                    if newIndex + distance < new.count, newIDs[newIndex + distance] == oldIDs[oldIndex] {
                        (skipOld, skipNew) = (0, distance)
                        break
                    }
                    if oldIndex + distance < old.count, oldIDs[oldIndex + distance] == newIDs[newIndex] {
                        (skipOld, skipNew) = (distance, 0)
                        break
                    }
                }
            }
            for index in oldIndex..<(oldIndex + skipOld) { parkOld(index, oldIDs[index], &pendingOld, &pendingNew) }
            for index in newIndex..<(newIndex + skipNew) { parkNew(index, newIDs[index], &pendingOld, &pendingNew) }
            oldIndex += skipOld
            newIndex += skipNew
        }
        for index in oldIndex..<old.count { parkOld(index, oldIDs[index], &pendingOld, &pendingNew) }
        for index in newIndex..<new.count { parkNew(index, newIDs[index], &pendingOld, &pendingNew) }
    }

    @inlinable mutating func pair(_ oldIndex: Int, _ newIndex: Int) {
        sources[newIndex] = oldIndex
        targets[oldIndex] = newIndex
    }

    @inlinable mutating func parkOld<ID>(_ index: Int, _ key: ID, _ pendingOld: inout Pending<ID>,
                                         _ pendingNew: inout Pending<ID>) {
        if let partner = pendingNew.take(key) { pair(index, partner) } else { pendingOld.add(key, index) }
    }

    @inlinable mutating func parkNew<ID>(_ index: Int, _ key: ID, _ pendingOld: inout Pending<ID>,
                                         _ pendingNew: inout Pending<ID>) {
        if let partner = pendingOld.take(key) { pair(partner, index) } else { pendingNew.add(key, index) }
    }

    /// Items of one list waiting for a partner, by id; several may share an id (a stack each).
    @usableFromInline struct Pending<ID: Hashable> {
        @usableFromInline var top: [ID: Int]
        /// For a parked index, the index parked before it under the same id, or -1.
        @usableFromInline var below: [Int]

        @inlinable init(count: Int) {
            below = [Int](repeating: -1, count: count)
            top = [:]
        }

        @inlinable mutating func add(_ key: ID, _ index: Int) {
            // Once many items wait (a heavily reordered list), make room for all at once rather
            // than rehashing every key at each doubling.
            if top.count == 1024 && top.capacity < below.count { top.reserveCapacity(below.count) }
            below[index] = top.updateValue(index, forKey: key) ?? -1
        }

        @inlinable mutating func take(_ key: ID) -> Int? {
            guard let slot = top.index(forKey: key) else { return nil }
            let index = top.values[slot]
            if below[index] >= 0 { top.values[slot] = below[index] } else { top.remove(at: slot) }
            return index
        }
    }
}
