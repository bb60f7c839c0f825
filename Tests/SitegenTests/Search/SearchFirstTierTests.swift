import Foundation
@testable import SitegenCore
import Testing

/// The first tier of each section's index (in its index.json): what search.js shows from memory
/// before the shards of a query arrive, so it must be the section's own documents, whole.
@Suite("Search first tier")
struct SearchFirstTierTests {
    @Test func theFirstTierHoldsTheLeadingDocumentsOfEveryKind() throws { try SearchTests.withSample { reader throws in
        for section in ["news", "archive", "charts", "events"] {
            let reader = reader(section)
            let index = try reader.index
            let first = try #require(index["first"] as? [[Any]])
            let numbers = first.map { $0[0] as! Int }
            #expect(numbers == numbers.sorted())
            for entry in first {
                // The same name, detail and path as the document files.
                let doc = try reader.document(entry[0] as! Int)
                #expect([doc.name, doc.detail, doc.path] == entry[1...3].map { $0 as! String })
            }
            // The first document of each kind leads its part of the tier; of the news, the newest post.
            let lead = section == "news" ? [index["docs"] as! Int - 1] : (index["kinds"] as! [[Any]]).map { $0[1] as! Int }
            #expect(lead.allSatisfy(numbers.contains), "\(section): \(lead)")
        }
        // Concerts carry their date for the date terms search.js makes of it.
        let archive = try reader("archive").index
        let barton = (archive["first"] as! [[Any]]).first { ($0[3] as? String) == "artists/grateful-dead/1977-05-08/" }
        #expect(barton?.count == 5 && barton?[4] as? String == "19770508")
    } }

    /// Each kind gets about `bytesPerKind` of the tier, however many documents it has.
    @Test func eachKindIsCutAtItsShareOfBytes() throws {
        let records = (0..<5_000).map { number in
            SearchRecord(kind: number < 4_000 ? "concert" : "artist", name: "Venue number \(number)", detail: "A detail line of some length",
                         path: .page("c", "\(number)"), date: number % 2 == 0 ? SearchDate(year: 1977, month: 5) : nil)
        }
        let pages = SearchIndex.pages(owner: "archive", records: records)
        guard case .text(let text) = pages.last(where: { $0.path.value == "search-archive/index.json" })?.body else { Issue.record("no index.json"); return }
        let index = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let first = index["first"] as! [[Any]]
        let concerts = first.filter { ($0[0] as! Int) < 4_000 }
        let artists = first.filter { ($0[0] as! Int) >= 4_000 }
        #expect(concerts.map { $0[0] as! Int } == Array(0..<concerts.count))
        #expect(artists.map { $0[0] as! Int } == Array(4_000..<4_000 + artists.count))
        for part in [concerts, artists] {
            // As written, with a newline after each entry's comma.
            let bytes = try JSONSerialization.data(withJSONObject: part, options: .withoutEscapingSlashes).count + part.count
            #expect(bytes >= SearchFirstTier.bytesPerKind && bytes < SearchFirstTier.bytesPerKind + 100, "\(bytes)")
        }
        #expect(concerts[0].count == 5 && concerts[0][4] as? String == "197705" && concerts[1].count == 4)
        #expect(text.utf8.count < 3 * SearchFirstTier.bytesPerKind)
    }

    /// A kind whose documents give a precedence (news posts, numbered oldest first) has its
    /// highest in the tier.
    @Test func precedenceChoosesTheDocumentsOfTheTier() throws {
        let records = (0..<1_000).map { number in
            SearchRecord(kind: "post", name: "Post \(number)", detail: "", path: .page("news", "\(number)"), precedence: number)
        }
        let pages = SearchIndex.pages(owner: "news", records: records)
        guard case .text(let text) = pages.last(where: { $0.path.value == "search-news/index.json" })?.body else { Issue.record("no index.json"); return }
        let first = (try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any])["first"] as! [[Any]]
        #expect(first.count > 100 && first.count < 1_000)
        #expect(first.map { $0[0] as! Int } == Array(1_000 - first.count..<1_000))
    }

    @Test func compactDates() {
        #expect(SearchDate(year: 1977, month: 5, day: 8).compact == "19770508")
        #expect(SearchDate(year: 1977, month: 5).compact == "197705")
        #expect(SearchDate(year: 1977).compact == "1977")
        #expect(SearchDate(year: 1977, month: 13, day: 8).compact == "1977")
        #expect(SearchDate(year: 0).compact == nil)
    }
}
