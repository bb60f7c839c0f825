import Foundation

/// Reads a built site's search index as search.js does (index.json, the term's shard, the
/// documents), to check from Swift what a query finds: exact terms only, every term required.
struct SearchIndexReader {
    let folder: URL

    struct Found: Equatable {
        let kind: String
        let name: String
        let detail: String
        let path: String
    }

    init(output: URL, section: String) {
        folder = output.appendingPathComponent("search-\(section)")
    }

    private func json(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(path)))
    }

    var index: [String: Any] { get throws { try json("index.json") as! [String: Any] } }

    /// The shard file a term is in: the longest key it starts with.
    func shardFile(of term: String) throws -> String? {
        let keys = try index["shards"] as! [String]
        let key = keys.filter { term.unicodeScalars.starts(with: $0.unicodeScalars) }.max { $0.unicodeScalars.count < $1.unicodeScalars.count }
        return key.map { "t/t" + Self.fileName($0) + ".json" }
    }

    /// Document numbers posting `term`, with whether it is in their name.
    func postings(_ term: String) throws -> [(doc: Int, inName: Bool)] {
        guard let file = try shardFile(of: term), let shard = try json(file) as? [String: Any],
              let text = (shard["terms"] as? [String: String])?[term] else { return [] }
        return Self.numbers(text).map { ($0 >> 1, $0 & 1 == 1) }
    }

    /// The documents whose whole name is `name` (its terms joined by spaces), from the `names` of
    /// the shard of its first term that is not a stop term (`""`: all those with that term in
    /// their name).
    func named(_ name: String) throws -> [Int] {
        guard let word = try word(of: name), let text = try namesEntry(name) else { return [] }
        return text.isEmpty ? try postings(word).filter(\.inName).map(\.doc) : Self.numbers(text)
    }

    /// The `names` entry of `name` as the shard writes it.
    func namesEntry(_ name: String) throws -> String? {
        guard let word = try word(of: name), let file = try shardFile(of: word),
              let shard = try json(file) as? [String: Any] else { return nil }
        return (shard["names"] as? [String: String])?[name]
    }

    private func word(of name: String) throws -> String? {
        let stop = Set(try index["stop"] as? [String] ?? [])
        return name.split(separator: " ").map(String.init).first { !stop.contains($0) }
    }

    /// A shard's list of numbers: differences in base 32, a digit that more follow from "<", the
    /// last one from "]" (SearchPostings.swift).
    static func numbers(_ text: String) -> [Int] {
        var values: [Int] = []
        var value = 0
        var current = 0
        for byte in text.utf8 {
            if byte >= UInt8(ascii: "]") {
                value += current * 32 + Int(byte) - Int(UInt8(ascii: "]"))
                current = 0
                values.append(value)
            } else {
                current = current * 32 + Int(byte) - Int(UInt8(ascii: "<"))
            }
        }
        return values
    }

    /// The documents `term`'s shard carries whole for it (`SearchInline`): number, name, detail, path.
    func carried(_ term: String) throws -> [(number: Int, name: String, detail: String, path: String)] {
        guard let file = try shardFile(of: term), let shard = try json(file) as? [String: Any],
              let numbers = (shard["best"] as? [String: [Int]])?[term], let docs = shard["docs"] as? [[Any]] else { return [] }
        let byNumber = Dictionary(uniqueKeysWithValues: docs.map { ($0[0] as! Int, $0) })
        return numbers.map { number in
            let doc = byNumber[number]!
            return (number, doc[1] as! String, doc[2] as! String, doc[3] as! String)
        }
    }

    /// The documents with every one of `terms`.
    func find(_ terms: [String]) throws -> [Found] {
        var docs: Set<Int>?
        for term in terms {
            let found = Set(try postings(term).map(\.doc))
            docs = docs.map { $0.intersection(found) } ?? found
        }
        return try (docs ?? []).sorted().map(document)
    }

    func document(_ number: Int) throws -> Found {
        let index = try self.index
        let chunk = index["chunk"] as! Int
        let kinds = index["kinds"] as! [[Any]]
        let kind = kinds.last { ($0[1] as! Int) <= number }![0] as! String
        let doc = (try json("d/\(number / chunk).json") as! [[String]])[number % chunk]
        return Found(kind: kind, name: doc[0], detail: doc[1], path: doc[2])
    }

    static func fileName(_ key: String) -> String {
        key.utf8.map { byte in
            (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) ? String(UnicodeScalar(byte)) : "_" + String(format: "%02x", byte)
        }.joined()
    }
}
