/// Writes a section's search index: files under `search-<section>/` that search.js fetches on
/// demand, so a query reads a few small files however large the site is, and a section kept
/// from the last build keeps its index as it keeps its pages (the index is the section's own
/// output, re-made only when the section is).
///
/// - `index.json`: the kinds (each with the number of its first document), the document count,
///   the documents per chunk, the list of term shards, the stop terms and the first tier
///   (`SearchFirstTier`): the leading documents of each kind, whole, so that search.js answers
///   from memory while the shards of a query are on their way.
/// - `d/<n>.json`: documents `n × chunk` onwards, each `[name, detail, path]`.
/// - `t/t<key>.json`: `"terms"`, the terms starting with `key`, each with its postings: document
///   numbers, doubled, plus one where the term is in the document's name (`SearchPostings`);
///   `"names"`, the whole names whose first term that is not a stop term is in the shard, each
///   with its documents (`SearchPostings`, not doubled; `""` when they are all those with that
///   term in their name), so that a query ranks a name equal to it first without
///   reading a document file; and `"best"` and `"docs"`, the few documents each term carries
///   whole (`SearchInline`), so that a shard alone answers a query. A shard holds every term that starts with its key and with no longer key; keys
///   grow a letter at a time from the empty one while their terms are more than `shardBytes`:
///   a small section is one shard, and the "d1977…" dates or "gr…" words of a large archive are
///   small files.
public enum SearchIndex {
    /// Documents a file: a query reads the files of the results it shows, scattered over the
    /// section (five of each kind), so a file holds few (1–3 KB at archive scale).
    static let docsPerChunk = 16
    static let shardBytes = 12_000

    /// The index files of one section (none when search is off or nothing is indexed), made on
    /// up to `jobs` threads.
    public static func pages(owner: String, records: [SearchRecord], settings: SearchSettings, jobs: Int = 1) -> [Page] {
        guard settings.enabled else { return [] }
        return pages(owner: owner, records: settings.kinds == nil ? records : records.filter { settings.indexes($0.kind) }, jobs: jobs)
    }

    static func pages(owner: String, records: [SearchRecord], jobs: Int = 1) -> [Page] {
        // Documents by kind, in the section's order within each kind (its most played or most
        // recent first: the order results of equal score are shown in).
        var kinds: [String] = []
        var byKind: [String: [Int]] = [:]
        for (position, record) in records.enumerated() {
            if byKind[record.kind] == nil { kinds.append(record.kind) }
            byKind[record.kind, default: []].append(position)
        }
        let order = kinds.flatMap { byKind[$0]! }
        guard !order.isEmpty else { return [] }
        let docs = order.count == records.count && order == Array(records.indices) ? records : order.map { records[$0] }

        var kindStarts: [String] = []
        var kindStartNumbers: [Int] = []
        var start = 0
        for kind in kinds {
            kindStarts.append("[\(json(kind)),\(start)]")
            kindStartNumbers.append(start)
            start += byKind[kind]!.count
        }

        let chunks = (docs.count + docsPerChunk - 1) / docsPerChunk
        let docPages = Parallel.map(chunks, jobs: jobs) { chunk in
            var text = JSONText()
            text.byte(UInt8(ascii: "["))
            for index in chunk * docsPerChunk..<min((chunk + 1) * docsPerChunk, docs.count) {
                if index > chunk * docsPerChunk { text.bytes(",\n") }
                text.byte(UInt8(ascii: "["))
                text.fields(of: docs[index])
                text.byte(UInt8(ascii: "]"))
            }
            text.bytes("]\n")
            return file([owner, "d", "\(chunk).json"], text.text)
        }

        var (all, weighed) = postings(of: docs, jobs: jobs)
        // A term in more than `stopShare` of the documents (and more than `stopMinimum`) finds
        // nothing a query needs ("flac16", "sbd" in every recording) and would be the largest
        // file a query fetches: it is left out, and listed so search.js ignores it in queries.
        let stopAt = max(stopMinimum, docs.count / stopShare)
        let stops = all.filter { $0.postings.count > stopAt }.map(\.term)
        var kept = all.filter { $0.postings.count <= stopAt }
        SearchInline.choose(for: &kept, docs: docs, jobs: jobs)
        weigh(&weighed, terms: &kept)
        let names = weighed
        let shards = shard(kept)
        let namesByShard = place(names, in: shards)
        let shardPages = Parallel.map(shards.count, jobs: jobs) { number in
            var text = JSONText()
            text.bytes("{\"terms\":{")
            for (position, term) in shards[number].terms.enumerated() {
                if position > 0 { text.bytes(",\n") }
                text.string(term.term)
                text.byte(UInt8(ascii: ":"))
                SearchPostings.write(term.postings, into: &text)
            }
            text.byte(UInt8(ascii: "}"))
            if let placed = namesByShard[number] {
                writeNames(placed.map { names[$0] }, into: &text)
            }
            SearchInline.write(shards[number].terms, docs: docs, into: &text)
            text.bytes("}\n")
            return file([owner, "t", "t" + fileName(shards[number].key) + ".json"], text.text)
        }

        var index = JSONText()
        index.bytes("{\"kinds\":[")
        index.append(kindStarts.joined(separator: ","))
        index.bytes("],\"docs\":")
        index.number(UInt32(docs.count))
        index.bytes(",\"chunk\":")
        index.number(UInt32(docsPerChunk))
        index.bytes(",\"shards\":[")
        index.append(shards.map { json($0.key) }.joined(separator: ","))
        index.bytes("],\"stop\":[")
        index.append(stops.map(json).joined(separator: ","))
        index.bytes("],\"first\":")
        SearchFirstTier.write(docs: docs, kindStarts: kindStartNumbers, into: &index)
        index.bytes("}\n")
        return docPages + shardPages + [file([owner, "index.json"], index.text)]
    }

    static let stopShare = 20
    static let stopMinimum = 2_000

    struct Term {
        let term: String
        /// Document number × 2, plus 1 when the term is in the document's name; ascending.
        var postings: [UInt32]
        /// The documents its shard carries whole (`SearchInline`), and their bytes.
        var best: [UInt32] = []
        var bestBytes = 0
        /// The bytes of the names that start with it (`weigh`), in its shard.
        var nameBytes = 0
    }

    /// A document's whole name: its terms joined by spaces, as search.js joins a query's words.
    struct Name {
        let name: String
        /// Document numbers, ascending.
        var docs: [UInt32]
        /// The term whose shard holds it: its first that is not a stop term (`weigh`).
        var word: String?
        /// They are every document with `word` in their name (`weigh`).
        var everyNamed = false
    }

    /// Names of up to this many terms are written whole (`Name`): artists, venues, songs,
    /// albums and most titles, which a visitor may type in full; not a recording's identifier
    /// (eight terms or more), whose names would add a tenth to the index and are never typed.
    static let wholeNameTerms = 6

    /// Every term of the documents with its postings, sorted by term, and every whole name with
    /// its documents, sorted by name. Ranges of documents are read on `jobs` threads and their
    /// tables joined in order, so postings stay ascending.
    static func postings(of docs: [SearchRecord], jobs: Int = 1) -> (terms: [Term], names: [Name]) {
        let parts = max(1, min(jobs * 4, docs.count / 2_000))
        let tables = Parallel.map(parts, jobs: jobs) { part in
            postings(of: docs, range: docs.count * part / parts..<docs.count * (part + 1) / parts)
        }
        var (table, names) = tables[0]
        for next in tables.dropFirst() {
            for (term, values) in next.terms { table[term, default: []].append(contentsOf: values) }
            for (name, values) in next.names { names[name, default: []].append(contentsOf: values) }
        }
        return (table.map { Term(term: $0.key, postings: $0.value) }.sorted { $0.term < $1.term },
                names.map { Name(name: $0.key, docs: $0.value) }.sorted { $0.name < $1.name })
    }

    private static func postings(of docs: [SearchRecord], range: Range<Int>) -> (terms: [String: [UInt32]], names: [String: [UInt32]]) {
        var table: [String: [UInt32]] = [:]
        var names: [String: [UInt32]] = [:]
        var terms: [String] = []
        for number in range {
            let doc = docs[number]
            let id = UInt32(number) << 1
            terms.removeAll(keepingCapacity: true)
            SearchTerms.terms(of: doc.name, into: &terms)
            let named = terms.count
            if (1...wholeNameTerms).contains(named) {
                names[terms.joined(separator: " "), default: []].append(UInt32(number))
            }
            for word in doc.words { SearchTerms.terms(of: word, into: &terms) }
            if let date = doc.date { terms += date.terms }
            for (position, term) in terms.enumerated() {
                let value = id | (position < named ? 1 : 0)
                // A term found twice in one document is posted once, as a name term if it is one.
                table[term, default: []].appendUnlessSameDocument(value)
            }
        }
        return (table, names)
    }

    /// Chooses each name's word: its first term that is not a stop term (one that is would
    /// put the names starting with "the" in a shard of their own making, unsplit, which every
    /// query for such a title would fetch whole). Marks the names whose documents are every one
    /// with that word in their name (the many concerts at one venue, a song's title), which the
    /// word's postings already say, and adds each name's bytes to its word's,
    /// so that a shard's split counts the names it holds. A name of stop terms alone has none.
    static func weigh(_ names: inout [Name], terms: inout [Term]) {
        var named: [Int: Int] = [:]  // term index → documents with it in their name
        for index in names.indices {
            // Terms are sorted, stop terms left out.
            var found: Int?
            for word in names[index].name.split(separator: " ") {
                var low = 0
                var high = terms.count
                while low < high {
                    let middle = (low + high) / 2
                    if terms[middle].term < word { low = middle + 1 } else { high = middle }
                }
                if low < terms.count, terms[low].term == word {
                    found = low
                    break
                }
            }
            guard let term = found else { continue }
            let count = named[term] ?? terms[term].postings.reduce(0) { $0 + Int($1 & 1) }
            named[term] = count
            names[index].word = terms[term].term
            names[index].everyNamed = count == names[index].docs.count
            terms[term].nameBytes += names[index].name.utf8.count + 6 + (names[index].everyNamed ? 0 : names[index].docs.count * 2)
        }
    }

    /// A shard's `"names"`: each name with its documents, or with an empty string when they are
    /// every document with its word in their name (`everyNamed`): half the bytes of all names,
    /// and the largest lists.
    static func writeNames(_ placed: [Name], into text: inout JSONText) {
        text.bytes(",\n\"names\":{")
        for (position, name) in placed.enumerated() {
            if position > 0 { text.bytes(",\n") }
            text.string(name.name)
            text.byte(UInt8(ascii: ":"))
            if name.everyNamed {
                text.bytes("\"\"")
            } else {
                SearchPostings.write(name.docs, into: &text)
            }
        }
        text.byte(UInt8(ascii: "}"))
    }

    /// The names each shard holds, by shard number: a name is in the shard of its word (`weigh`:
    /// the longest key that word starts with, as search.js finds it), which a query for the name
    /// fetches for that word anyway. A name without a word is left out. Names count towards a
    /// shard's split (`weigh`).
    static func place(_ names: [Name], in shards: [(key: String, terms: [Term])]) -> [Int: [Int]] {
        var numbers: [String: Int] = [:]
        for (number, shard) in shards.enumerated() { numbers[shard.key] = number }
        var placed: [Int: [Int]] = [:]
        for (index, name) in names.enumerated() {
            guard let word = name.word else { continue }
            var length = word.unicodeScalars.count
            while length >= 0 {
                if let number = numbers[prefix(word, length)] {
                    placed[number, default: []].append(index)
                    break
                }
                length -= 1
            }
        }
        return placed
    }

    /// Groups sorted terms into shards: (key, terms) sorted by key. A shard's size counts the
    /// documents its terms carry, so that a word's shard stays quick to fetch on a slow network.
    static func shard(_ terms: [Term]) -> [(key: String, terms: [Term])] {
        var shards: [(key: String, terms: [Term])] = []
        // A posting is counted at 4 bytes, what it took as decimal text; as a base-32 string
        // (`SearchPostings`) it takes about 1.5, so shards are about half `shardBytes` of
        // postings. Counting them at their size would merge shards into larger files that a
        // query fetches whole, for the sake of fewer files.
        func size(_ term: Term) -> Int { term.term.utf8.count + 6 + term.postings.count * 4 + term.bestBytes + term.nameBytes }
        func split(_ group: ArraySlice<Term>, depth: Int, key: String) {
            let total = group.reduce(0) { $0 + size($1) }
            // One term over the size alone stays whole: a deeper key would hold the same term.
            if total <= shardBytes || group.count == 1 || group.allSatisfy({ $0.term.unicodeScalars.count <= depth }) {
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
        split(terms[...], depth: 0, key: "")
        return shards.sorted { $0.key < $1.key }
    }

    static func prefix(_ term: String, _ length: Int) -> String {
        String(String.UnicodeScalarView(term.unicodeScalars.prefix(length)))
    }

    /// A shard key as a file name (after "t"): ASCII letters and digits as they are, any other byte of its
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

    /// A file of the index: under `search-<section>/`, a top folder of the section's own, so
    /// that checking its paths against sections kept from the last build reads none of their
    /// records (a shared `search/` would read every kept section's at each rebuild).
    private static func file(_ segments: [String], _ text: String) -> Page {
        Page(path: .file(["search-" + segments[0]] + segments.dropFirst()), body: .text(text), meta: PageMeta(inSitemap: false))
    }

    /// A JSON string literal.
    static func json(_ text: String) -> String {
        var out = JSONText()
        out.string(text)
        return out.text
    }
}

private extension Array where Element == UInt32 {
    mutating func appendUnlessSameDocument(_ value: UInt32) {
        if let last, last >> 1 == value >> 1 { return }
        append(value)
    }
}

/// JSON written as bytes: the index of a large archive is tens of megabytes of numbers and
/// names, and appending them to a String piece by piece was most of its cost.
struct JSONText {
    private(set) var buffer: [UInt8] = []

    mutating func byte(_ byte: UInt8) { buffer.append(byte) }

    mutating func bytes(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    /// Text already JSON (a list made by `json`), as it is.
    mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    mutating func append(_ text: JSONText) { buffer.append(contentsOf: text.buffer) }

    mutating func number(_ value: UInt32) {
        if value < 10 {
            buffer.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { digits in
            while rest > 0 {
                digits[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { buffer.append(digits[index]) }
        }
    }

    /// A string literal (`JSONString`).
    mutating func string(_ text: String) {
        JSONString.append(text, to: &buffer, scriptSafe: false)
    }

    var text: String { String(decoding: buffer, as: UTF8.self) }

    /// A document as search.js shows it: `"name","detail","path"`.
    mutating func fields(of doc: SearchRecord) {
        string(doc.name)
        byte(UInt8(ascii: ","))
        string(doc.detail)
        byte(UInt8(ascii: ","))
        string(doc.path.value)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { utf8.count < width ? String(repeating: "0", count: width - utf8.count) + self : self }
}
