extension ListDiff {
    /// The difference from `old` to `new`. `id` says which items are the same item; `isEqual`
    /// says whether a matched item kept its content (false makes it an update).
    @inlinable
    public init<ID: Hashable>(from old: [Element], to new: [Element], id: (Element) -> ID,
                              isEqual: (Element, Element) -> Bool) {
        let matching = ListDiffMatcher(old: old, new: new, id: id)
        let sources = matching.sources
        let targets = matching.targets

        var deletions: [Int] = []
        for oldIndex in old.indices where targets[oldIndex] < 0 { deletions.append(oldIndex) }

        var insertions: [Insertion] = []
        var updates: [Update] = []
        for newIndex in new.indices {
            let oldIndex = sources[newIndex]
            if oldIndex < 0 {
                insertions.append(Insertion(index: newIndex, element: new[newIndex]))
            } else if !isEqual(old[oldIndex], new[newIndex]) {
                updates.append(Update(from: oldIndex, to: newIndex, element: new[newIndex]))
            }
        }

        let stable = ListDiffOrder.longestIncreasingRun(sources)
        var moves: [Move] = []
        for newIndex in new.indices where sources[newIndex] >= 0 && !stable[newIndex] {
            moves.append(Move(from: sources[newIndex], to: newIndex))
        }

        self.init(oldCount: old.count, newCount: new.count, deletions: deletions, insertions: insertions,
                  moves: moves, updates: updates, sources: sources)
    }

    /// Turns `old` into the new list using only the recorded changes: deletions and moved items
    /// leave, the remaining items keep their order, insertions and moved items land at their
    /// new indices, updates replace content. Nil when `old` is not the list the diff was made from
    /// (a different length, or changes that do not fit it).
    @inlinable
    public func apply(to old: [Element]) -> [Element]? {
        guard old.count == oldCount else { return nil }
        var leaving = [Bool](repeating: false, count: oldCount)
        var placed = [Element?](repeating: nil, count: newCount)
        // Kept apart from `placed`, whose nil would be ambiguous when Element is itself optional.
        var isPlaced = [Bool](repeating: false, count: newCount)
        for index in deletions {
            guard index >= 0, index < oldCount else { return nil }
            leaving[index] = true
        }
        for insertion in insertions {
            guard insertion.index >= 0, insertion.index < newCount else { return nil }
            placed[insertion.index] = insertion.element
            isPlaced[insertion.index] = true
        }
        for move in moves {
            guard move.from >= 0, move.from < oldCount, move.to >= 0, move.to < newCount else { return nil }
            leaving[move.from] = true
            placed[move.to] = old[move.from]
            isPlaced[move.to] = true
        }
        var result: [Element] = []
        result.reserveCapacity(newCount)
        var cursor = 0
        for newIndex in 0..<newCount {
            if isPlaced[newIndex], let element = placed[newIndex] {
                result.append(element)
                continue
            }
            while cursor < oldCount && leaving[cursor] { cursor += 1 }
            guard cursor < oldCount else { return nil }
            result.append(old[cursor])
            cursor += 1
        }
        while cursor < oldCount && leaving[cursor] { cursor += 1 }
        guard cursor == oldCount else { return nil }
        for update in updates {
            guard update.to >= 0, update.to < newCount else { return nil }
            result[update.to] = update.element
        }
        return result
    }
}

extension ListDiff where Element: Equatable {
    /// The difference from `old` to `new`, matching items by `id` and comparing content with `==`.
    @inlinable
    public init<ID: Hashable>(from old: [Element], to new: [Element], id: (Element) -> ID) {
        self.init(from: old, to: new, id: id, isEqual: ==)
    }
}

extension ListDiff where Element: Identifiable & Equatable {
    /// The difference from `old` to `new`, matching items by their `id` and comparing with `==`.
    @inlinable
    public init(from old: [Element], to new: [Element]) {
        self.init(from: old, to: new, id: { $0.id }, isEqual: ==)
    }
}

/// The order-keeping part of a diff, independent of the element type.
@usableFromInline enum ListDiffOrder {
    /// Marks the matched positions (source >= 0) that form a longest subsequence of increasing
    /// old indices: the items that can stay while everything else moves around them.
    /// Patience sorting, O(m log m); already-ordered input (the common case) costs O(m).
    @usableFromInline static func longestIncreasingRun(_ sources: [Int]) -> [Bool] {
        var stable = [Bool](repeating: false, count: sources.count)
        var last = -1
        var ordered = true
        for source in sources where source >= 0 {
            if source < last { ordered = false; break }
            last = source
        }
        if ordered {
            for (position, source) in sources.enumerated() where source >= 0 { stable[position] = true }
            return stable
        }
        // tails[k]: position whose source ends the best run of length k + 1 found so far.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: sources.count)
        for (position, source) in sources.enumerated() where source >= 0 {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if sources[tails[middle]] < source { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var position = tails.last ?? -1
        while position >= 0 {
            stable[position] = true
            position = previous[position]
        }
        return stable
    }
}
