import SitegenArchive
import SitegenCore
import Testing

@Suite("archive.org download links")
struct ArchiveURLTests {
    @Test func pathsKeepUnreservedCharactersAndEncodeTheRest() {
        #expect(ArchiveURL.escapePath("gd77-05-08.sbd.hicks.4982.sbeok.shnf") == "gd77-05-08.sbd.hicks.4982.sbeok.shnf")
        #expect(ArchiveURL.escapePath("Track 01 (live)&more~_") == "Track%2001%20%28live%29%26more~_")
        #expect(ArchiveURL.escapePath("Ágætis/é") == "%C3%81g%C3%A6tis%2F%C3%A9")
        #expect(ArchiveURL.downloadPrefix("ph1997-11-22") + ArchiveURL.filePath("disc 1/t01.flac") == "https://archive.org/download/ph1997-11-22/disc%201/t01.flac")
    }

    @Test func aFilePathKeepsItsFoldersButNoEmptyPart() {
        #expect(ArchiveURL.filePath("t01.flac") == "t01.flac")
        #expect(ArchiveURL.filePath("Disc 1/01 Intro?.flac") == "Disc%201/01%20Intro%3F.flac")
        #expect(ArchiveURL.filePath("/a//b/") == "a/b")
        #expect(ArchiveURL.filePath("../../evil/x.mp3") == "evil/x.mp3")
        #expect(ArchiveURL.filePath("a/./b/..") == "a/b")
        #expect(ArchiveURL.downloadPrefix("gd 77") == "https://archive.org/download/gd%2077/")
    }

    /// The one-pass escape gives what escaping each folder and joining them gave, without the
    /// `.` and `..` folders a browser would resolve out of the item.
    @Test func aFilePathEqualsItsPartsEscapedAndJoined() {
        var random = SeededRandom(seed: 7)
        let alphabet = Array("ab/ -._~é%?/".unicodeScalars)
        for _ in 0..<500 {
            let name = String(String.UnicodeScalarView((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
            let joined = name.split(separator: "/").filter { $0 != "." && $0 != ".." }.map { ArchiveURL.escapePath(String($0)) }.joined(separator: "/")
            #expect(ArchiveURL.filePath(name) == joined, "\(name)")
        }
    }
}
