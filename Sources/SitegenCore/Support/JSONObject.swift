/// A JSON object's members as the file lists them. Cached responses hold millions of small
/// objects that are read a few members each: keeping the members in an array, and finding one
/// by comparing keys (lengths first), costs no hashing when the tree is made, where a
/// dictionary hashed every key of every object. An object with many members (the
/// legacy `files` object keyed by file name) gets a dictionary of positions as well.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private let members: [(key: String, value: JSON)]
    /// Key → position of its last member, for objects of more than `indexedAbove` members.
    private let positions: [String: Int]?

    static let indexedAbove = 16

    /// Members in file order; of a key given twice, the last member counts (as in a dictionary).
    public init(_ members: [(key: String, value: JSON)]) {
        self.members = members
        positions = members.count > Self.indexedAbove
            ? Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { _, last in last }) : nil
    }

    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }

    public subscript(key: String) -> JSON? {
        if let positions { return positions[key].map { members[$0].value } }
        let length = key.utf8.count
        var position = members.count
        while position > 0 {
            position -= 1
            if members[position].key.utf8.count == length, members[position].key == key { return members[position].value }
        }
        return nil
    }

    public var isEmpty: Bool { members.isEmpty }

    /// Each key once, sorted (JSON objects have no order we may depend on).
    public var keys: [String] { Set(members.map(\.key)).sorted() }

    /// Equal when they have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        let keys = lhs.keys
        return keys == rhs.keys && keys.allSatisfy { lhs[$0] == rhs[$0] }
    }
}
