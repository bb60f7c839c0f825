import Foundation
import Testing

/// A large file in the output folder (a recording's audio, say) is sent as the client reads it,
/// and HEAD and revalidations are answered from its stat: before, every answer read the whole
/// file into memory first (a HEAD of 1 GB took 3 to 7 s and 2 GB of memory).
@Suite("Serve: large files", .serialized)
struct ServeLargeFileTests {
    @Test func largeFilesAreStreamedAndHeadIsAnsweredFromTheStat() async throws {
        let served = try await ServedSite(ServeTests.posts)
        let port = URL(string: served.origin)!.port!
        let path = served.site.output.appendingPathComponent("big.bin").path
        // 1 GB that takes no room on the disk: a file with a hole.
        #expect(FileManager.default.createFile(atPath: path, contents: nil) && truncate(path, 1 << 30) == 0)
        let client = HTTPClient()
        let clock = ContinuousClock()
        var start = clock.now
        let head = try await client.fetch(served.address + "big.bin", method: "HEAD")
        #expect(head.status == 200 && head.header("Content-Length") == "1073741824")
        #expect(clock.now - start < .seconds(2), "HEAD took \(clock.now - start)")
        let tag = try #require(head.header("ETag"))
        start = clock.now
        #expect(try await client.fetch(served.address + "big.bin", headers: ["If-None-Match": tag]).status == 304)
        #expect(clock.now - start < .seconds(2), "304 took \(clock.now - start)")
        // The first bytes come at once, and a client that leaves after them stops the reading.
        start = clock.now
        let partial = try await rawExchange(port: port, "GET /music/big.bin HTTP/1.1\r\nHost: x\r\n\r\n", upTo: 256 * 1024)
        #expect(partial.hasPrefix("HTTP/1.1 200") && partial.contains("Content-Length: 1073741824\r\n"))
        #expect(clock.now - start < .seconds(2), "the first bytes took \(clock.now - start)")
        // A whole file comes whole, with the length announced.
        let small = try await client.fetch(served.address + "images/a.png")
        #expect(small.body == Data("\u{89}PNG".utf8) && small.header("Content-Length") == "5")
        #expect(try await client.fetch(served.address).status == 200, "the server still answers")
        await served.stop()
    }
}
