import SitegenCore
import Testing

@Suite("Percent-encoding text from outside")
struct PercentEncodingTests {
    @Test func onlyUnreservedASCIIStays() {
        #expect(PercentEncoding.encoded("a-b._~Z9") == "a-b._~Z9")
        // Letters beyond ASCII are bytes like any other (CharacterSet.alphanumerics kept them).
        #expect(PercentEncoding.encoded("Ólafur Arnalds") == "%C3%93lafur%20Arnalds")
        #expect(PercentEncoding.encoded("a/b?c&d=e#f") == "a%2Fb%3Fc%26d%3De%23f")
        #expect(PercentEncoding.encodedPath("/disc 1//t01.flac/") == "disc%201/t01.flac")
    }
}
