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
              let steps = (shard["terms"] as? [String: [Int]])?[term] else { return [] }
        var value = 0
        return steps.map { step in
            value += step
            return (value >> 1, value & 1 == 1)
        }
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
