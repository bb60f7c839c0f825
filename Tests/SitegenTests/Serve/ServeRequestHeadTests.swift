import Foundation
import Testing

/// What a hostile or broken client meets on the wire when a request's head is too long or not
/// text: an answer at once (414, 431, 400), and a server that serves on. Before, a 256 KB header
/// line was read a byte at a time for about a minute of CPU, and bytes that are not UTF-8 closed
/// the connection without a word.
@Suite("Serve: request heads too long or not text", .serialized)
struct ServeRequestHeadTests {
    @Test func aLongHeaderLineIsRefusedAtOnce() async throws {
        let served = try await ServedSite(ServeTests.posts)
        let port = URL(string: served.origin)!.port!
        let header = "GET /music/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + String(repeating: "a", count: 256 * 1024) + "\r\n\r\n"
        let answer = try await rawExchange(port: port, header)
        #expect(answer.hasPrefix("HTTP/1.1 431"), "\(answer.prefix(60).debugDescription)")
        let many = "GET /music/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + (0..<100).map { "X-Header-\($0): " + String(repeating: "b", count: 1000) + "\r\n" }.joined() + "\r\n"
        #expect(try await rawExchange(port: port, many).hasPrefix("HTTP/1.1 431"), "64 KB of headers in all")
        let line = "GET /music/" + String(repeating: "c", count: 16 * 1024) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        #expect(try await rawExchange(port: port, line).hasPrefix("HTTP/1.1 414"))
        // Just below the limits, a request is served.
        let fits = "GET /music/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Fits: " + String(repeating: "d", count: 8000) + "\r\n\r\n"
        #expect(try await rawExchange(port: port, fits).hasPrefix("HTTP/1.1 200"))
        #expect(try await HTTPClient().fetch(served.address).status == 200, "the server still answers")
        await served.stop()
    }

    @Test func bytesThatAreNotUTF8Get400() async throws {
        let served = try await ServedSite(ServeTests.posts)
        let port = URL(string: served.origin)!.port!
        let requests: [[UInt8]] = [
            Array("GET /music/".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8),
            Array("GET /music/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Name: caf".utf8) + [0xE9] + Array("\r\n\r\n".utf8),
        ]
        for request in requests {
            let answer = try await rawExchange(port: port, bytes: request)
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(request) -> \(answer.prefix(40).debugDescription)")
        }
        #expect(try await HTTPClient().fetch(served.address).status == 200, "the server still answers")
        await served.stop()
    }
}
