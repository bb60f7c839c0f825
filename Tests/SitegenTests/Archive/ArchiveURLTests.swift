import SitegenArchive
import SitegenCore
import Testing

@Suite("archive.org download links")
struct ArchiveURLTests {
    @Test func pathsKeepUnreservedCharactersAndEncodeTheRest() {
        #expect(PercentEncoding.encoded("gd77-05-08.sbd.hicks.4982.sbeok.shnf") == "gd77-05-08.sbd.hicks.4982.sbeok.shnf")
        #expect(PercentEncoding.encoded("Track 01 (live)&more~_") == "Track%2001%20%28live%29%26more~_")
        #expect(PercentEncoding.encoded("Ágætis/é") == "%C3%81g%C3%A6tis%2F%C3%A9")
        #expect(ArchiveURL.downloadPrefix("ph1997-11-22") + PercentEncoding.encodedPath("disc 1/t01.flac") == "https://archive.org/download/ph1997-11-22/disc%201/t01.flac")
    }

    @Test func aFilePathKeepsItsFoldersButNoEmptyPart() {
        #expect(PercentEncoding.encodedPath("t01.flac") == "t01.flac")
        #expect(PercentEncoding.encodedPath("Disc 1/01 Intro?.flac") == "Disc%201/01%20Intro%3F.flac")
        #expect(PercentEncoding.encodedPath("/a//b/") == "a/b")
        #expect(PercentEncoding.encodedPath("../../evil/x.mp3") == "evil/x.mp3")
        #expect(PercentEncoding.encodedPath("a/./b/..") == "a/b")
        #expect(ArchiveURL.downloadPrefix("gd 77") == "https://archive.org/download/gd%2077/")
        #expect(ArchiveURL.details("gd 77") == "https://archive.org/details/gd%2077")
    }

    /// The one-pass escape gives what escaping each folder and joining them gave, without the
    /// `.` and `..` folders a browser would resolve out of the item.
    @Test func aFilePathEqualsItsPartsEscapedAndJoined() {
        var random = SeededRandom(seed: 7)
        let alphabet = Array("ab/ -._~é%?/".unicodeScalars)
        for _ in 0..<500 {
            let name = String(String.UnicodeScalarView((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
            let joined = name.split(separator: "/").filter { $0 != "." && $0 != ".." }.map { PercentEncoding.encoded(String($0)) }.joined(separator: "/")
            #expect(PercentEncoding.encodedPath(name) == joined, "\(name)")
        }
    }
}
