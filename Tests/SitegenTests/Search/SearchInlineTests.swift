import Foundation
@testable import SitegenCore
import Testing

/// The documents a term shard carries whole (`SearchInline`): what search.js shows when a
/// word's shard, fetched while the query is typed, arrives, before any document file.
@Suite("Search inline documents")
struct SearchInlineTests {
    /// Each term carries its best document of each year among those it names (a day's terms:
    /// among all that have them): the higher precedence, then the lower number; undated
    /// documents are a year of their own.
    @Test func aTermCarriesItsBestDocumentOfEachYear() throws {
        func concert(_ name: String, _ detail: String, _ year: Int?, precedence: Int = 0) -> SearchRecord {
            SearchRecord(kind: "concert", name: name, detail: detail, path: .page("c", "\(name)-\(year ?? 0)"), words: [detail],
                         date: year.map { SearchDate(year: $0, month: 5, day: 8) }, precedence: precedence)
        }
        let records = [
            concert("Ithaca", "at cornell", 1977),          // 0: cornell in its words only: not carried for it
            concert("Cornell", "x", 1977),                  // 1: in its name: the 1977 one
            concert("Cornell", "x", 1977),                  // 2: a later equal one
            concert("Cornell", "x", 1978),                  // 3: the only 1978 one
            concert("Cornell", "x", nil),                   // 4: undated
            concert("Cornell", "x", 1979),                  // 5
            concert("Cornell", "x", 1979, precedence: 1),   // 6: higher precedence wins 1979
        ]
        var terms = SearchIndex.postings(of: records).terms
        SearchInline.choose(for: &terms, docs: records)
        let best = Dictionary(uniqueKeysWithValues: terms.map { ($0.term, $0.best) })
        #expect(best["cornell"] == [1, 3, 4, 6])
        #expect(best["ithaca"] == [0])
        // The day's terms carry the best of the day in each year, though no name has them.
        #expect(best["md0508"] == [0, 3, 6])
        #expect(best["d19790508"] == [6])
        // A word in no name (nor a year) carries nothing.
        #expect(best["at"] == [] && best["1977"] == [])
        #expect(terms.allSatisfy { $0.best.isEmpty == ($0.bestBytes == 0) })

        // The shard holds them once each, in the first tier's form, and its size counts them.
        let pages = SearchIndex.pages(owner: "archive", records: records)
        let shard = try #require(pages.first { $0.path.value.hasPrefix("search-archive/t/") })
        guard case .text(let text) = shard.body else { Issue.record("no text"); return }
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        #expect((json["best"] as! [String: [Int]])["cornell"] == [1, 3, 4, 6])
        let docs = json["docs"] as! [[Any]]
        #expect(docs.map { $0[0] as! Int } == [0, 1, 3, 4, 6])
        #expect(docs[1][1] as? String == "Cornell" && docs[1][4] as? String == "19770508")
        #expect(docs[3].count == 4)  // undated: no date
    }

    /// On the sample, "cornell" carries the Barton Hall show of 1977 and "md0508" the documents
    /// of May 8: search.js answers "cornell 77" and "5/8/77" from them.
    @Test func theSampleCarriesTheDocumentsThatAnswerDatesAndVenueYears() throws { try SearchTests.withSample { reader throws in
        let archive = reader("archive")
        let barton = "artists/grateful-dead/1977-05-08/"
        #expect(try archive.carried("cornell").contains { $0.path == barton })
        #expect(try archive.carried("md0508").contains { $0.path == barton })
        // What a shard carries is the document itself.
        for doc in try archive.carried("cornell") {
            let found = try archive.document(doc.number)
            #expect([found.name, found.detail, found.path] == [doc.name, doc.detail, doc.path])
        }
    } }
}
