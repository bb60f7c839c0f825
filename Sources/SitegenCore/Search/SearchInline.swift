/// The documents a term shard carries whole, beside its postings, so that the shard alone is a
/// displayable answer: on a slow mobile network each request is a round trip of half a second
/// or more, and search.js fetches a word's shard while the rest of the query is
/// still being typed, so its first result needs no document file after the last key.
///
/// A term carries its best document of each year (a document without a date is of a year of
/// its own) among those it names: the one of higher `precedence`, then of the lower number (the
/// section's order, most played first). So "cornell" carries the leading Cornell concert of
/// every year, and "cornell 77" is answered from it when "77" is typed. A day's terms carry
/// their best document of each year among all that have them: the date's ("d19770508", fetched
/// once "1977-05" is typed) its leading document, the month-day's ("md0508", `SearchDate.terms`,
/// fetched once "5/8" is typed) the leading document of May 8 in every year, so "5/8/77" is
/// answered when its year is typed. Words found only outside names (a post's body, a taper, a
/// city) carry none: they are most of the terms, and a name is what a visitor types first.
enum SearchInline {
    /// The chosen documents of each term (ascending numbers), and the bytes they add to its shard,
    /// chosen on up to `jobs` threads.
    static func choose(for terms: inout [SearchIndex.Term], docs: [SearchRecord], jobs: Int = 1) {
        let years = docs.map { UInt16(clamping: $0.date.map { (1...9999).contains($0.year) ? $0.year : 0 } ?? 0) }
        let precedence = docs.map(\.precedence)
        let bytes = docs.map { $0.name.utf8.count + $0.detail.utf8.count + $0.path.value.utf8.count + 24 }
        let parts = max(1, min(jobs * 4, terms.count / 1_000))
        let source = terms
        let chosen = Parallel.map(parts, jobs: jobs) { part in
            // The year's best so far, by year, and the years seen for this term (to reset them).
            var best = [Int32](repeating: -1, count: 10_000)
            var seen: [UInt16] = []
            var out: [[UInt32]] = []
            for term in source[source.count * part / parts..<source.count * (part + 1) / parts] {
                let day = SearchDate.isDayTerm(term.term)
                for posting in term.postings where day || posting & 1 == 1 {
                    let doc = Int(posting >> 1)
                    let year = Int(years[doc])
                    let current = best[year]
                    if current < 0 {
                        best[year] = Int32(bitPattern: posting)
                        seen.append(UInt16(year))
                        continue
                    }
                    // Postings are ascending: a later one wins only by its precedence.
                    if precedence[doc] > precedence[Int(UInt32(bitPattern: current) >> 1)] { best[year] = Int32(bitPattern: posting) }
                }
                var numbers = seen.map { UInt32(bitPattern: best[Int($0)]) >> 1 }
                numbers.sort()
                for year in seen { best[Int(year)] = -1 }
                seen.removeAll(keepingCapacity: true)
                out.append(numbers)
            }
            return out
        }
        for (index, numbers) in chosen.joined().enumerated() {
            terms[index].best = numbers
            terms[index].bestBytes = numbers.reduce(0) { $0 + bytes[Int($1)] }
        }
    }

    /// A shard's `"best"` (each term's chosen document numbers) and `"docs"` (those documents,
    /// each once, in the first tier's form), after its `"terms"`.
    static func write(_ terms: [SearchIndex.Term], docs: [SearchRecord], into text: inout JSONText) {
        text.bytes(",\n\"best\":{")
        var numbers: Set<UInt32> = []
        var first = true
        for term in terms where !term.best.isEmpty {
            if !first { text.bytes(",\n") }
            first = false
            text.string(term.term)
            text.bytes(":[")
            for (index, number) in term.best.enumerated() {
                if index > 0 { text.byte(UInt8(ascii: ",")) }
                text.number(number)
                numbers.insert(number)
            }
            text.byte(UInt8(ascii: "]"))
        }
        text.bytes("},\n\"docs\":[")
        for (index, number) in numbers.sorted().enumerated() {
            if index > 0 { text.bytes(",\n") }
            text.append(SearchFirstTier.entry(Int(number), docs[Int(number)]))
        }
        text.byte(UInt8(ascii: "]"))
    }
}
