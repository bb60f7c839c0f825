/// Writes a section's search index: files under `search/<section>/` that search.js fetches on
/// demand, so a query reads a few small files however large the site is, and a section kept
/// from the last build keeps its index as it keeps its pages (the index is the section's own
/// output, re-made only when the section is).
///
/// - `index.json`: the kinds (each with the number of its first document), the document count,
///   the documents per chunk and the list of term shards.
/// - `d/<n>.json`: documents `n × chunk` onwards, each `[name, detail, path]`.
/// - `t/<key>.json`: the terms starting with `key`, each with its postings: document numbers,
///   doubled, plus one where the term is in the document's name, as differences from the one
///   before. A shard holds every term that starts with its key and with no longer key; a key
///   grows a letter at a time while its terms are more than `shardBytes`, so "d1977…" dates or
///   the many "gr…" words of a large archive stay small files.
public enum SearchIndex {
    static let docsPerChunk = 64
    static let shardBytes = 12_000

    /// The index files of one section (none when search is off or nothing is indexed).
    public static func pages(owner: String, records: [SearchRecord], settings: SearchSettings) -> [Page] {
        guard settings.enabled else { return [] }
        return pages(owner: owner, records: settings.kinds == nil ? records : records.filter { settings.indexes($0.kind) })
    }

    static func pages(owner: String, records: [SearchRecord]) -> [Page] {
        // Documents by kind, in the section's order within each kind (its most played or most
        // recent first: the order results of equal score are shown in).
        var kinds: [String] = []
        var byKind: [String: [SearchRecord]] = [:]
        for record in records {
            if byKind[record.kind] == nil { kinds.append(record.kind) }
            byKind[record.kind, default: []].append(record)
        }
        let docs = kinds.flatMap { byKind[$0]! }
        guard !docs.isEmpty else { return [] }
        var pages: [Page] = []

        var kindStarts: [String] = []
        var start = 0
        for kind in kinds {
            kindStarts.append("[\(json(kind)),\(start)]")
            start += byKind[kind]!.count
        }

        for chunk in stride(from: 0, to: docs.count, by: docsPerChunk) {
            var text = "["
            for index in chunk..<min(chunk + docsPerChunk, docs.count) {
                if index > chunk { text += ",\n" }
                let doc = docs[index]
                text += "[\(json(doc.name)),\(json(doc.detail)),\(json(doc.path.value))]"
            }
            text += "]\n"
            pages.append(file([owner, "d", "\(chunk / docsPerChunk).json"], text))
        }

        let postings = postings(of: docs)
        let shards = shard(postings)
        for (key, terms) in shards {
            var text = "{"
            for (number, term) in terms.enumerated() {
                if number > 0 { text += ",\n" }
                text += json(term.term)
                text += ":["
                var previous: UInt32 = 0
                for (position, value) in term.postings.enumerated() {
                    if position > 0 { text += "," }
                    text += String(value - previous)
                    previous = value
                }
                text += "]"
            }
            text += "}\n"
            pages.append(file([owner, "t", fileName(key) + ".json"], text))
        }

        let index = "{\"kinds\":[\(kindStarts.joined(separator: ","))],\"docs\":\(docs.count),\"chunk\":\(docsPerChunk),"
            + "\"shards\":[\(shards.map { json($0.key) }.joined(separator: ","))]}\n"
        pages.append(file([owner, "index.json"], index))
        return pages
    }

    struct Term {
        let term: String
        /// Document number × 2, plus 1 when the term is in the document's name; ascending.
        var postings: [UInt32]
    }

    /// Every term of the documents with its postings, sorted by term.
    static func postings(of docs: [SearchRecord]) -> [Term] {
        var table: [String: [UInt32]] = [:]
        var terms: [String] = []
        for (number, doc) in docs.enumerated() {
            let id = UInt32(number) << 1
            terms.removeAll(keepingCapacity: true)
            SearchTerms.terms(of: doc.name, into: &terms)
            let named = terms.count
            for word in doc.words { SearchTerms.terms(of: word, into: &terms) }
            if let date = doc.date { terms += date.terms }
            for (position, term) in terms.enumerated() {
                let value = id | (position < named ? 1 : 0)
                // A term found twice in one document is posted once, as a name term if it is one.
                if let last = table[term]?.last, last >> 1 == id >> 1 { continue }
                table[term, default: []].append(value)
            }
        }
        return table.map { Term(term: $0.key, postings: $0.value) }.sorted { $0.term < $1.term }
    }

    /// Groups sorted terms into shards: (key, terms) sorted by key.
    static func shard(_ terms: [Term]) -> [(key: String, terms: [Term])] {
        var shards: [(key: String, terms: [Term])] = []
        func size(_ term: Term) -> Int { term.term.utf8.count + 6 + term.postings.count * 4 }
        func split(_ group: ArraySlice<Term>, depth: Int, key: String) {
            let total = group.reduce(0) { $0 + size($1) }
            if total <= shardBytes || group.allSatisfy({ $0.term.unicodeScalars.count <= depth }) {
                shards.append((key, Array(group)))
                return
            }
            // Terms no longer than the key stay in its shard; the rest go one letter deeper.
            let exact = group.filter { $0.term.unicodeScalars.count <= depth }
            if !exact.isEmpty { shards.append((key, exact)) }
            var children: [String: [Term]] = [:]
            for term in group where term.term.unicodeScalars.count > depth {
                children[prefix(term.term, depth + 1), default: []].append(term)
            }
            for child in children.keys.sorted() { split(children[child]![...], depth: depth + 1, key: child) }
        }
        var groups: [String: [Term]] = [:]
        for term in terms { groups[prefix(term.term, 2), default: []].append(term) }
        for key in groups.keys.sorted() { split(groups[key]![...], depth: 2, key: key) }
        return shards.sorted { $0.key < $1.key }
    }

    static func prefix(_ term: String, _ length: Int) -> String {
        String(String.UnicodeScalarView(term.unicodeScalars.prefix(length)))
    }

    /// A shard key as a file name: ASCII letters and digits as they are, any other byte of its
    /// UTF-8 as `_` and two hex digits (search.js names them the same way).
    static func fileName(_ key: String) -> String {
        var name = ""
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): name.unicodeScalars.append(Unicode.Scalar(byte))
            default: name += "_" + String(byte, radix: 16).leftPadded(2)
            }
        }
        return name
    }

    private static func file(_ segments: [String], _ text: String) -> Page {
        Page(path: .file(["search"] + segments), body: .text(text), meta: PageMeta(inSitemap: false),
             inputs: [.derived("search", fingerprint: Fingerprint.of(text))])
    }

    /// A JSON string literal.
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00" + String(scalar.value, radix: 16).leftPadded(2)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { utf8.count < width ? String(repeating: "0", count: width - utf8.count) + self : self }
}
