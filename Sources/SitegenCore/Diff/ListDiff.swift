/// The difference between two immutable lists of identifiable items (the LiveCollections idea):
/// which items were deleted from the old list, inserted into the new one, moved, or kept with
/// changed content. The chart pages use it for week-to-week movement; the build engine uses it
/// to tell which output files changed.
///
/// Items are matched by id; `isEqual` (or `==`) decides whether a matched item was updated.
/// Ids should be unique; an id that occurs more than once still gives a correct difference
/// (every pair has equal ids, no item is paired twice, `apply(to:)` rebuilds the new list).
/// Cost: O(n) expected. Runs of items in the same order are matched by comparing ids in step;
/// only the items off those runs go through hash tables. Finding the fewest moves adds
/// O(m log m) for the m matched items, and only when their order changed at all.
/// `sitegen bench-diff` measures it (Benchmarks/README.md).
public struct ListDiff<Element> {
    /// An item of the new list that has no match in the old list.
    public struct Insertion {
        /// Its index in the new list.
        public let index: Int
        public let element: Element

        @usableFromInline init(index: Int, element: Element) {
            self.index = index
            self.element = element
        }
    }

    /// A matched item whose order relative to the other kept items changed.
    public struct Move: Hashable, Sendable {
        /// Index in the old list.
        public let from: Int
        /// Index in the new list.
        public let to: Int

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// A matched item whose content changed (it may also have moved).
    public struct Update {
        /// Index in the old list.
        public let from: Int
        /// Index in the new list.
        public let to: Int
        /// The new content.
        public let element: Element

        @usableFromInline init(from: Int, to: Int, element: Element) {
            self.from = from
            self.to = to
            self.element = element
        }
    }

    public let oldCount: Int
    public let newCount: Int
    /// Old indices of items with no match in the new list, ascending.
    public let deletions: [Int]
    /// New items with no match in the old list, by ascending new index.
    public let insertions: [Insertion]
    /// The fewest matched items that must move so that all the others keep their relative
    /// order, by ascending new index.
    public let moves: [Move]
    /// Matched items whose content is not equal, by ascending new index.
    public let updates: [Update]
    /// For each new index, the old index of the same item, or -1 for an insertion.
    @usableFromInline let sources: [Int]

    // The computing initialisers are @inlinable so that callers in other modules get code
    // specialised for their element and id types: unspecialised generic code calls through
    // witness tables for every id hashed and compared.
    @usableFromInline init(oldCount: Int, newCount: Int, deletions: [Int], insertions: [Insertion], moves: [Move],
         updates: [Update], sources: [Int]) {
        self.oldCount = oldCount
        self.newCount = newCount
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.updates = updates
        self.sources = sources
    }

    /// True when the lists hold the same items, in the same order, with the same content.
    public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty }

    /// The old index of the item now at `newIndex`; nil for an inserted item or an index out of range.
    public func oldIndex(forNew newIndex: Int) -> Int? {
        guard sources.indices.contains(newIndex), sources[newIndex] >= 0 else { return nil }
        return sources[newIndex]
    }
}

extension ListDiff.Insertion: Sendable where Element: Sendable {}
extension ListDiff.Update: Sendable where Element: Sendable {}
extension ListDiff: Sendable where Element: Sendable {}
