import Foundation

/// A JSON object's members as the file lists them. Cached responses hold millions of small
/// objects that are read a few members each: keeping the members in an array, and finding one
/// by comparing keys (lengths first), costs no hashing when the tree is made, where a
/// dictionary hashed every key of every object. An object with many members (the
/// legacy `files` object keyed by file name) gets a dictionary of positions as well.
///
/// Keys match byte for byte, as the service sent them, however large the object: `String`'s
/// `==` would also take a composed accent for a decomposed one (two file names of a `files`
/// object, say).
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private let members: [(key: String, value: JSON)]
    /// Key → position of its last member, for objects of more than `indexedAbove` members.
    private let positions: [ExactKey: Int]?

    static let indexedAbove = 16

    /// Members in file order; of a key given twice, the last member counts (as in a dictionary).
    public init(_ members: [(key: String, value: JSON)]) {
        self.members = members
        positions = members.count > Self.indexedAbove
            ? Dictionary(members.enumerated().map { (ExactKey($1.key), $0) }, uniquingKeysWith: { _, last in last }) : nil
    }

    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }

    public subscript(key: String) -> JSON? {
        if let positions { return positions[ExactKey(key)].map { members[$0].value } }
        let length = key.utf8.count
        var position = members.count
        while position > 0 {
            position -= 1
            let name = members[position].key
            if name.utf8.count == length, ExactKey.same(name, key) { return members[position].value }
        }
        return nil
    }

    public var isEmpty: Bool { members.isEmpty }

    /// Each key once, in the byte order of their UTF-8 (JSON objects have no order we may depend on).
    public var keys: [String] { Set(members.map { ExactKey($0.key) }).map(\.text).sorted(by: ByteOrder.precedes) }

    /// Equal when they have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        let keys = lhs.keys
        return keys == rhs.keys && keys.allSatisfy { lhs[$0] == rhs[$0] }
    }
}

/// A key compared and hashed by its bytes.
private struct ExactKey: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    /// By `memcmp`, read in place (as `ByteOrder` compares paths): keys match byte for byte, so
    /// `String`'s `==`, which compares canonically, would be both slower and wrong here.
    static func same(_ a: String, _ b: String) -> Bool {
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
        return (inPlace ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { same(lhs.text, rhs.text) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
