/// Where each field name stands among a struct's fields, found without hashing the name: the
/// engine asks a flattened value for a field by name for every tag it looks up, and hashing the
/// name would be most of such a lookup. Names are
/// kept in order of their UTF-8 length, so a lookup compares the name only with those of its
/// length, usually one or two; field names are short, and two equal short strings compare as
/// two machine words. A class: a type's table is shared by all its flattened values, each of
/// which holds it by one reference.
final class FieldPositions: Sendable {
    /// (name, position) ordered by the name's UTF-8 length.
    private let entries: [(name: String, position: Int)]
    /// `starts[n]..<starts[n + 1]`: the entries whose names are n bytes long.
    private let starts: [Int]

    /// The positions of `names` in their order; a name given twice keeps its first position.
    init(_ names: [String]) {
        var unique: [(name: String, position: Int)] = []
        for (position, name) in names.enumerated() where !unique.contains(where: { $0.name == name }) {
            unique.append((name, position))
        }
        let sorted = unique.sorted { ($0.name.utf8.count, $0.position) < ($1.name.utf8.count, $1.position) }
        let longest = sorted.last?.name.utf8.count ?? 0
        entries = sorted
        starts = (0...longest + 1).map { length in sorted.firstIndex { $0.name.utf8.count >= length } ?? sorted.count }
    }

    subscript(name: String) -> Int? {
        let length = name.utf8.count
        guard length + 1 < starts.count else { return nil }
        for index in starts[length]..<starts[length + 1] where entries[index].name == name {
            return entries[index].position
        }
        return nil
    }

    /// Every name with its position.
    var all: [(name: String, position: Int)] { entries }
}
