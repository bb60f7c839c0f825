import Foundation
import Sitegen
@testable import SitegenCore
import Testing

/// The search index: what the sample site's index finds, how it changes with one edited post,
/// and the site.yml setting. (Queries as typed, dates in each form and typos are search.js's
/// work: Scripts/search-browser.py checks them in headless Chromium, from .ci/run.)
@Suite("Search index")
struct SearchTests {
    /// The sample site (Content/), built into a temporary folder removed after `check`.
    static func withSample(_ check: (_ reader: (String) -> SearchIndexReader) throws -> Void) throws {
        let root = TemporaryFolder.path("search")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("Output")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let options = BuildOptions(content: TestPaths.content, templates: TestPaths.templates, output: output,
                                   date: LocalDate(iso: "2026-11-22"), baseURL: nil, includeDrafts: false, workingDirectory: root)
        _ = try Sitegen.build(options)
        try check { SearchIndexReader(output: output, section: $0) }
    }

    @Test func eachKindOfTheSampleIsFoundByItsName() throws { try Self.withSample { reader throws in
        var kinds: Set<String> = []
        for section in ["news", "archive", "charts", "events"] {
            let reader = reader(section)
            let index = try reader.index
            let count = index["docs"] as! Int
            for entry in index["kinds"] as! [[Any]] {
                // The first and the last document of each kind are found by the words of their name.
                let first = entry[1] as! Int
                let ends = (index["kinds"] as! [[Any]]).map { $0[1] as! Int }.filter { $0 > first }.min() ?? count
                for number in [first, ends - 1] {
                    let doc = try reader.document(number)
                    let terms = SearchTerms.terms(of: doc.name)
                    if terms.isEmpty { continue }  // "( )", checked below
                    #expect(try reader.find(terms).contains(doc), "\(section): \(doc.kind) \(doc.name) not found by \(terms)")
                    #expect(try terms.allSatisfy { term in try reader.postings(term).contains { $0.inName } })
                    kinds.insert(doc.kind)
                }
            }
        }
        // What each section says it indexes (what `search: kinds` may list) is what it indexes.
        #expect(kinds == Set(SectionRegistry.all.flatMap { $0.searchKinds }))
        // A name of a single letter is a term; one of punctuation alone ("( )") is found by its artist.
        let charts = reader("charts")
        #expect(try charts.find(["z"]).contains { $0.name == "Z" && $0.kind == "album" })
        #expect(try charts.find(["sigur", "ros"]).contains { $0.name == "( )" })
        #expect(SearchTerms.terms(of: "( )").isEmpty)
    } }

    /// A taper "unknown" is no one's name: not in a result's line, and not found by "unknown".
    @Test func placeholderTapersAreNeitherShownNorFound() throws { try Self.withSample { reader throws in
        let archive = reader("archive")
        let found = try archive.find(["gardner"]).first { $0.name == "ph1997-11-23.aud.gardner.4301.flac16" }
        #expect(try #require(found).detail.hasSuffix("· AUD"), "\(found!.detail)")
        // Only identifiers that spell it (ph97-11-22.aud.unknown.4206.shnf): those are names.
        let unknown = try archive.find(["unknown"]).filter { $0.kind == "recording" && !$0.name.contains("unknown") }
        #expect(unknown.isEmpty, "\(unknown)")
    } }

    @Test func namedThingsOfTheSample() throws { try Self.withSample { reader throws in
        let archive = reader("archive")
        let barton = try archive.find(["barton", "hall"]).filter { $0.kind == "concert" }
        #expect(barton.map(\.path) == ["artists/grateful-dead/1977-05-08/"])
        #expect(try archive.find(["cornell", "77"]).map(\.path).contains("artists/grateful-dead/1977-05-08/"))
        #expect(try archive.find(["grateful", "dead"]).first?.kind == "artist")
        let song = try archive.find(["scarlet", "begonias"]).filter { $0.kind == "song" }
        #expect(song.count == 1)
        #expect(song.first?.name == "Scarlet Begonias")
        #expect(song.first?.path.hasPrefix("recordings/") == true)
        #expect(try archive.find(["miller"]).contains { $0.kind == "recording" })
        #expect(try reader("news").find(["sitegen", "exists"]).map(\.path) == ["news/what-is-sitegen/"])
        // A name is written whole, in its first word's shard, so that search.js ranks the
        // documents named as a query first without reading their document files.
        let named = try archive.named("barton hall cornell university").map(archive.document)
        #expect(!named.isEmpty && named.allSatisfy { $0.name == "Barton Hall, Cornell University" })
        #expect(named.contains { $0.path == "artists/grateful-dead/1977-05-08/" })
        #expect(try archive.named("grateful dead").map(archive.document).contains { $0.kind == "artist" && $0.name == "Grateful Dead" })
        #expect(try archive.named("barton hall").isEmpty)
        // Every document with "barton" in its name is named so: the entry says so in no bytes.
        // The album "Blue" shares "blue" with "Sky Blue Sky": its entry lists its documents.
        #expect(try archive.namesEntry("barton hall cornell university") == "")
        let charts = reader("charts")
        let blue = try charts.named("blue").map(charts.document)
        #expect(try charts.namesEntry("blue") != "" && !blue.isEmpty && blue.allSatisfy { $0.name == "Blue" })
    } }

    /// A name is kept in the shard of its first word that is not a stop term ("The Band" with
    /// "band", where "the" is in too many documents to be indexed), which search.js fetches for
    /// that word; its entry is "" when its documents are all those with that word in their name.
    @Test func aNameGoesWithItsFirstWordThatIsNotAStopTerm() throws {
        var records = (0..<2_100).map { SearchRecord(kind: "song", name: "The x\($0)", detail: "", path: .page("s", "\($0)")) }
        records.append(SearchRecord(kind: "artist", name: "The Band", detail: "", path: .page("a", "band")))
        records.append(SearchRecord(kind: "artist", name: "Band of Gypsys", detail: "", path: .page("a", "gypsys")))
        var (terms, names) = SearchIndex.postings(of: records)
        terms.removeAll { $0.term == "the" }  // a stop term: pages() leaves it out
        SearchIndex.weigh(&names, terms: &terms)
        let band = try #require(names.first { $0.name == "the band" })
        #expect(band.word == "band" && !band.everyNamed)  // "Band of Gypsys" has it too
        let x7 = try #require(names.first { $0.name == "the x7" })
        #expect(x7.word == "x7" && x7.everyNamed)
        #expect(try #require(terms.first { $0.term == "band" }).nameBytes > 0)

        let pages = SearchIndex.pages(owner: "archive", records: records)
        let shard = try #require(pages.first { page in
            guard case .text(let text) = page.body else { return false }
            return text.contains("\"the band\":")
        })
        guard case .text(let text) = shard.body else { return }
        #expect(text.contains("\"band\":") && text.contains("\"the x7\":\"\"") == (text.contains("\"x7\":")))
        let index = try #require(pages.first { $0.path.value.hasSuffix("index.json") })
        guard case .text(let json) = index.body else { return }
        #expect(json.contains("\"stop\":[\"the\"]"))
    }

    /// A shard's numbers are base-32 differences, a digit that more follow from "<", the last
    /// from "]": none escaped in JSON, and every value comes back (search.js reads them so).
    @Test func postingsAreWrittenAsBase32Differences() {
        let values: [UInt32] = [0, 1, 2, 31, 32, 33, 1_023, 1_024, 70_000, 1_200_000, 1_200_002]
        var text = JSONText()
        SearchPostings.write(values, into: &text)
        let written = text.text
        #expect(written.first == "\"" && written.last == "\"")
        let inner = written.dropFirst().dropLast()
        #expect(!inner.contains("\"") && !inner.contains("\\"))
        #expect(SearchIndexReader.numbers(String(inner)) == values.map(Int.init))
        // The commonest difference, the next document (2), is one character.
        var two = JSONText()
        SearchPostings.write([2, 4, 6], into: &two)
        #expect(two.text == "\"___\"")
    }

    /// The terms search.js makes of 1977-05-08, 5/8/77 and May 8 1977 (and of May 1977, 1977, '77).
    @Test func datesAreIndexedInTheTermsQueriesUse() throws { try Self.withSample { reader throws in
        let archive = reader("archive")
        for terms in [["d19770508"], ["m197705"], ["1977"], ["77"]] {
            #expect(try archive.find(terms).contains { $0.path == "artists/grateful-dead/1977-05-08/" }, "\(terms)")
        }
        #expect(SearchDate(year: 1977, month: 5, day: 8).terms == ["1977", "77", "m197705", "d19770508", "md0508"])
        #expect(SearchDate(year: 1966, month: nil, day: 3).terms == ["1966", "66"])
    } }

    @Test func termsFoldCaseAccentsAndApostrophes() {
        #expect(SearchTerms.terms(of: "Don't Ease Me In") == ["dont", "ease", "me", "in"])
        #expect(SearchTerms.terms(of: "Théâtre de l’Olympia, Paris") == ["theatre", "de", "lolympia", "paris"])
        #expect(SearchTerms.terms(of: "Scarlet Begonias -> Fire on the Mountain") == ["scarlet", "begonias", "fire", "on", "the", "mountain"])
        #expect(SearchTerms.terms(of: "d1t05 a 7") == ["d1t05", "7"])
        // Letters without a mark to drop are spelled as slugs spell them: "royksopp" finds it.
        #expect(SearchTerms.terms(of: "Røyksopp, Straße, Łódź, Ærø") == ["royksopp", "strasse", "lodz", "aero"])
        #expect(SearchTerms.distinctTerms(of: "Sigur Rós Ø") == "sigur ros")
    }

    /// A 40,000-letter "word" in a cached venue or a post crashed the build: the shards split a
    /// letter at a time, a stack frame each. Terms are cut to 64 letters (search.js cuts a
    /// query's alike), and a lone term over a shard's size is not split further.
    @Test func aHugeWordIsCutAndItsShardNotNested() throws {
        let word = String(repeating: "q", count: 40_000)
        #expect(SearchTerms.terms(of: "Venue \(word)") == ["venue", String(repeating: "q", count: SearchTerms.maxLength)])
        #expect(SearchTerms.terms(of: "Vénue \(word)é").last?.unicodeScalars.count == SearchTerms.maxLength)
        #expect(SearchTerms.distinctTerms(of: word + "!") == String(repeating: "q", count: SearchTerms.maxLength))
        let huge = SearchIndex.Term(term: word, postings: Array(0..<20_000))
        let shards = SearchIndex.shard([huge])
        #expect(shards.map(\.key) == [""])
        let script = try String(contentsOf: TestPaths.templates.appendingPathComponent("assets/js/search.js"), encoding: .utf8)
        #expect(script.contains("slice(0, \(SearchTerms.maxLength))"))
    }

    /// search.js folds a query with its own copy of the table the index is made with: a letter
    /// missing from either would make a name unfindable as typed.
    @Test func searchScriptSpellsLatinLettersAsTheIndexDoes() throws {
        let script = try String(contentsOf: TestPaths.templates.appendingPathComponent("assets/js/search.js"), encoding: .utf8)
        let table = try #require(script.firstMatch(of: /var LATIN = \{([^}]*)\}/)).1
        var spelled: [Unicode.Scalar: String] = [:]
        for pair in table.matches(of: /'(.)': '([a-z]+)'/) { spelled[try #require(pair.1.unicodeScalars.first)] = String(pair.2) }
        #expect(spelled == Slug.latinLetters)
        let characterClass = try #require(script.firstMatch(of: /\.replace\(\/\[([^\]]+)\]\/gu/)).1
        #expect(Set(characterClass.unicodeScalars) == Set(Slug.latinLetters.keys))
    }

    /// Every term is in the shard of the longest key it starts with, and a shard over the limit
    /// only holds terms no longer than its key.
    @Test func shardsHoldEachTermWhereALookupLooksForIt() {
        let records = (0..<3_000).map { number in
            SearchRecord(kind: "concert", name: "Venue \(number % 97) hall", detail: "", path: .page("c", "\(number)"),
                         words: ["city\(number % 13)"], date: SearchDate(year: 1960 + number % 40, month: 1 + number % 12, day: 1 + number % 28))
        }
        let terms = SearchIndex.postings(of: records).terms
        let shards = SearchIndex.shard(terms)
        let keys = shards.map(\.key)
        #expect(shards.count > 1)
        #expect(Set(shards.flatMap { $0.terms.map(\.term) }).count == terms.count)
        for shard in shards {
            for term in shard.terms {
                let longest = keys.filter { term.term.unicodeScalars.starts(with: $0.unicodeScalars) }.max { $0.count < $1.count }
                #expect(longest == shard.key, "\(term.term) is in \(shard.key), looked for in \(longest ?? "none")")
            }
        }
    }

    static func post(_ number: Int, title: String? = nil, body: String? = nil) -> String {
        "---\ntitle: \(title ?? "Post number \(number) about word\(number)")\ndate: 2026-01-01\ntags: [tag\(number % 7)]\n"
            + "summary: Summary of post \(number) with term\(number).\n---\n\(body ?? "Body with *bodyword\(number)*.")\n"
    }

    /// One edited post (its title and body) rewrites its own document file and the shards of
    /// its terms, not the rest of the index, and the index equals a clean build's.
    @Test func anEditedPostChangesOnlyItsPartOfTheIndex() throws {
        var files = ["Content/site.yml": "title: T\nbase_url: https://example.org/sub/\ntime_zone: UTC\n"]
        for number in 0..<300 { files["Content/news/2026-01-01-p\(1000 + number).md"] = Self.post(number) }
        let site = try TemporarySite(files)
        defer { site.delete() }
        try site.build()
        let before = site.outputFiles().filter { $0.key.hasPrefix("search-") }
        #expect(before.keys.filter { $0.hasPrefix("search-news/d/") }.count == 19)
        #expect(before.keys.filter { $0.hasPrefix("search-news/t/") }.count > 3)

        #expect(try SearchIndexReader(output: site.output, section: "news").find(["bodyword150"]).map(\.path) == ["news/p1150/"])
        try site.write(Self.post(150, title: "Zebra crossing", body: "Body with *okapis* in it."), to: "Content/news/2026-01-01-p1150.md")
        let report = try site.build()
        let written = Set(report.written.filter { $0.hasPrefix("search-") })
        let after = site.outputFiles().filter { $0.key.hasPrefix("search-") }
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(written == changed)
        // Posts are numbered oldest first: p1150 is the 151st, in the tenth document file.
        #expect(changed.filter { $0.hasPrefix("search-news/d/") } == ["search-news/d/9.json"])
        let reader = SearchIndexReader(output: site.output, section: "news")
        // The old and the new title's terms ("150" is no longer in the name), and the shards of
        // the post's other terms, which carry it whole when it is their best of its year (its new
        // title); index.json lists the shards.
        let otherTerms = ["summary", "of", "with", "term150", "tag3", "2026", "26", "m202601", "d20260101", "md0101"]
        let shardsOfTheEdit = try Set((["zebra", "crossing", "post", "number", "150", "about", "word150", "bodyword150", "okapis", "in", "it"] + otherTerms)
            .compactMap { try reader.shardFile(of: $0) }
            .map { "search-news/" + $0 } + ["search-news/index.json"])
        #expect(changed.subtracting(["search-news/d/9.json"]).isSubset(of: shardsOfTheEdit))
        #expect(changed.count < after.count / 2)
        #expect(try reader.find(["zebra", "crossing"]).map(\.path) == ["news/p1150/"])
        #expect(try reader.find(["word150"]).isEmpty)
        #expect(try reader.find(["okapis"]).map(\.path) == ["news/p1150/"])
        #expect(try reader.find(["bodyword150"]).isEmpty)
        try IncrementalBuildTests.expectSameAsClean(site)
    }

    @Test func searchCanBeTurnedOffOrLimitedToSomeKinds() throws {
        let post = Self.post(1)
        let off = try TemporarySite(["Content/site.yml": "title: T\nbase_url: https://example.org/\nsearch: false\n",
                                     "Content/news/2026-01-01-a.md": post])
        defer { off.delete() }
        #expect(try !off.build().summary.contains("search index"))
        #expect(!off.exists("search/index.html"))
        #expect(!off.exists("search-news/index.json"))
        #expect(off.read("news/index.html")?.contains("site-search") == false)

        let some = try TemporarySite(["Content/site.yml": "title: T\nbase_url: https://example.org/\nsearch:\n  kinds: [artist, psot]\n",
                                      "Content/news/2026-01-01-a.md": post])
        defer { some.delete() }
        let report = try some.build()
        #expect(some.exists("search/index.html"))
        #expect(some.read("news/index.html")?.contains("action=\"../search/\"") == true)
        #expect(!some.exists("search-news/index.json"))
        #expect(report.warnings.contains { $0.message.contains("unknown search kind `psot`") && $0.location?.line == 4 && $0.location?.column == 19 },
                "each unknown kind is named where it stands in the list")
        // The search page fetches only the indexes that exist: the news section has none here.
        #expect(some.read("search/index.html")?.contains("data-sections=\"\"") == true)
        // The build's summary gives the index its share of the pages stage.
        #expect(report.summary.contains(" s (search index "))

        // A value that is neither: the message offers both forms.
        let unsure = try TemporarySite(["Content/site.yml": "title: T\nbase_url: https://example.org/\nsearch: maybe\n"])
        defer { unsure.delete() }
        #expect { try unsure.build() } throws: { error in
            "\(error)".contains("site.yml:3:9: error: expected true, false or a mapping (enabled, kinds) for `search`, found 'maybe'")
        }
    }
}
