/// The first tier of a section's index: the leading documents of each kind, whole (the section
/// lists each kind most played, most downloaded or soonest first; `SearchRecord.precedence`
/// can say otherwise), written into `index.json`, which the search page reads as it opens. A
/// query then shows its first results from memory as it is typed, where the full index needs
/// two round trips after the typing stops (the shards of its words, then the documents it
/// shows; seconds on a slow mobile network), and the complete results replace them when they
/// come. Each kind gets the same number of bytes, so the tier stays a few tens of kilobytes
/// however large the section is.
enum SearchFirstTier {
    static let bytesPerKind = 10_000

    /// `[[number, name, detail, path, date], …]` by number, the date (when the document has
    /// one) as `SearchDate.compact` writes it.
    static func write(docs: [SearchRecord], kindStarts: [Int], into text: inout JSONText) {
        var chosen: [(number: Int, entry: JSONText)] = []
        for (position, start) in kindStarts.enumerated() {
            let end = position + 1 < kindStarts.count ? kindStarts[position + 1] : docs.count
            var order = Array(start..<end)
            if docs[start..<end].contains(where: { $0.precedence != docs[start].precedence }) {
                order.sort { (docs[$0].precedence, $1) > (docs[$1].precedence, $0) }
            }
            var bytes = 0
            for number in order where bytes < bytesPerKind {
                let entry = entry(number, docs[number])
                bytes += entry.buffer.count + 2
                chosen.append((number, entry))
            }
        }
        chosen.sort { $0.number < $1.number }
        text.byte(UInt8(ascii: "["))
        for (position, entry) in chosen.enumerated() {
            if position > 0 { text.bytes(",\n") }
            text.append(entry.entry)
        }
        text.byte(UInt8(ascii: "]"))
    }

    /// One document as the first tier and the shards' `"docs"` hold it.
    static func entry(_ number: Int, _ doc: SearchRecord) -> JSONText {
        var text = JSONText()
        text.byte(UInt8(ascii: "["))
        text.number(UInt32(number))
        text.byte(UInt8(ascii: ","))
        text.fields(of: doc)
        if let date = doc.date?.compact {
            text.byte(UInt8(ascii: ","))
            text.string(date)
        }
        text.byte(UInt8(ascii: "]"))
        return text
    }
}
