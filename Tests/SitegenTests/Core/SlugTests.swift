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
}
