import SitegenCore
import Testing

@Suite("Slugs and safe paths")
struct SlugTests {
    @Test func slugs() {
        #expect(Slug.make("Grateful Dead") == "grateful-dead")
        #expect(Slug.make("Sigur Rós") == "sigur-ros")
        #expect(Slug.make("AC/DC") == "ac-dc")
        #expect(Slug.make("Joe's Pub") == "joes-pub")
        #expect(Slug.make("!!!") == "untitled")
        #expect(Slug.make("MOE. Live") == "moe-live")
        #expect(Slug.make("ÉTÉ Ｆｕｌｌ") == "ete-full")
        // Letters folding leaves alone are spelt out, never dropped.
        #expect(Slug.make("Røyksopp at Øya") == "royksopp-at-oya")
        #expect(Slug.make("Łódź Festival") == "lodz-festival")
        #expect(Slug.make("Ærøskøbing Straße") == "aeroskobing-strasse")
        #expect(Slug.make("Þórður Œuvre ﬁnale") == "thordur-oeuvre-finale")
        #expect(Slug.segment("gd77-05-08.sbd_Hicks") == "gd77-05-08.sbd_Hicks")
        #expect(Slug.segment("ré e\u{301}/x") == "r--e--x")
        #expect(Slug.segment(".hidden") == "_hidden")
        #expect(Slug.segment("...") == "item")
        #expect(Slug.segment("") == "item")
        #expect(Slug.segment("a.b-c_D9") == "a.b-c_D9")
    }

    @Test(arguments: ["../../etc/passwd", "..", ".", "/abs", "a/../../b", "..\\x", ""])
    func hostileIdentifiersStayInside(_ identifier: String) {
        let path = SitePath.page("recordings", identifier)
        #expect(!path.outputFile.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }))
        #expect(!path.outputFile.hasPrefix("/"))
        #expect(path.outputFile.hasPrefix("recordings/"))
        #expect(path.outputFile.split(separator: "/").count == 3)
    }

    @Test func registryKeepsSlugsUnique() {
        var registry = SlugRegistry()
        #expect(registry.claim("moe") == "moe")
        #expect(registry.claim("moe") == "moe-2")
        #expect(registry.claim("moe") == "moe-3")
        // A name that is itself a numbered slug is passed over, as before.
        #expect(registry.claim("moe-4") == "moe-4")
        #expect(registry.claim("moe") == "moe-5")
        #expect(registry.claim("moe-5") == "moe-5-2")

        // 60,000 repeats of one heading: linear, not quadratic (it took minutes).
        var headings = SlugRegistry()
        let started = ContinuousClock.now
        for _ in 0..<60_000 { _ = headings.claim("same") }
        #expect(headings.claim("same") == "same-60001")
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func rootPrefixes() {
        #expect(SitePath.root.rootPrefix == "./")
        #expect(SitePath.page("news").rootPrefix == "../")
        #expect(SitePath.page("news", "a").rootPrefix == "../../")
        #expect(SitePath.file("feed.xml").rootPrefix == "./")
        #expect(SitePath.page("a", "b", "c").rootPrefix == "../../../")
    }
}

@Suite("Long path segments")
struct LongSegmentTests {
    @Test func aLongSegmentIsCutWithAHashAndKeepsItsExtension() {
        let long = String(repeating: "a", count: 300)
        let cut = Slug.segment(long)
        #expect(cut.utf8.count == Slug.maxSegmentBytes)
        #expect(cut.hasPrefix(String(repeating: "a", count: 200)))
        #expect(Slug.segment(long) == cut, "stable")
        #expect(Slug.segment(long + "b") != cut, "two long names stay two")
        let file = Slug.segment(String(repeating: "e", count: 300) + ".ics")
        #expect(file.hasSuffix(".ics") && file.utf8.count == Slug.maxSegmentBytes)
        #expect(Slug.segment("short.ics") == "short.ics")
        #expect(Slug.segment(String(repeating: "é", count: 200)).utf8.count <= Slug.maxSegmentBytes)
    }

    /// Names of other scripts, or too long, get a digest: they once all shared one file
    /// ("artist.json"), and an event page showed one headliner's bio and photo for another.
    @Test func distinctSlugsKeepNamesOfOtherScriptsApart() {
        #expect(Slug.distinct("Golden Owls", fallback: "artist") == "golden-owls")
        #expect(Slug.distinct("Sigur Rós", fallback: "artist") == "sigur-ros")
        #expect(Slug.distinct("Røyksopp", fallback: "artist") == "royksopp")
        let grot = Slug.distinct("ГРОТ", fallback: "artist"), joe = Slug.distinct("久石譲", fallback: "artist")
        #expect(grot.hasPrefix("artist-") && joe.hasPrefix("artist-") && grot != joe)
        #expect(Slug.distinct("Грот", fallback: "artist") == grot, "Last.fm's names are the same in any case")
        let featuring = Slug.distinct("ГРОТ feat. Ka", fallback: "artist")
        #expect(featuring.hasPrefix("feat-ka-") && featuring != Slug.distinct("Каста feat. Ka", fallback: "artist"))
        let long = Slug.distinct(String(repeating: "a", count: 300) + "x", fallback: "artist")
        #expect(long.utf8.count == 109 && long != Slug.distinct(String(repeating: "a", count: 300) + "y", fallback: "artist"))
        #expect(LastFMArtistFiles.file(for: "ГРОТ") != LastFMArtistFiles.file(for: "久石譲"))
    }
}
