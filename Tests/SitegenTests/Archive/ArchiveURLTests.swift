import SitegenArchive
import Testing

@Suite("archive.org download links")
struct ArchiveURLTests {
    @Test func pathsKeepUnreservedCharactersAndEncodeTheRest() {
        #expect(ArchiveURL.escapePath("gd77-05-08.sbd.hicks.4982.sbeok.shnf") == "gd77-05-08.sbd.hicks.4982.sbeok.shnf")
        #expect(ArchiveURL.escapePath("Track 01 (live)&more~_") == "Track%2001%20%28live%29%26more~_")
        #expect(ArchiveURL.escapePath("Ágætis/é") == "%C3%81g%C3%A6tis%2F%C3%A9")
        #expect(ArchiveURL.download("ph1997-11-22", file: "disc 1/t01.flac") == "https://archive.org/download/ph1997-11-22/disc%201/t01.flac")
    }
}
