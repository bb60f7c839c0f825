import Foundation
import Testing

/// A large file in the output folder (a recording's audio, say) is sent as the client reads it,
/// and HEAD and revalidations are answered from its stat: before, every answer read the whole
/// file into memory first (a HEAD of 1 GB held the whole file in memory). What the process
/// read from files is counted (Linux's /proc/self/io), not timed: on a busy machine the
/// server's answers may take seconds, but never reading a gigabyte.
@Suite("Serve: large files", .serialized)
struct ServeLargeFileTests {
    @Test func largeFilesAreStreamedAndHeadIsAnsweredFromTheStat() async throws {
        let served = try await ServedSite(ServeTests.posts)
        let port = URL(string: served.origin)!.port!
        let path = served.site.output.appendingPathComponent("big.bin").path
        // 1 GB that takes no room on the disk: a file with a hole.
        #expect(FileManager.default.createFile(atPath: path, contents: nil) && truncate(path, 1 << 30) == 0)
        let client = HTTPClient()
        let before = Self.bytesRead()
        let head = try await client.fetch(served.address + "big.bin", method: "HEAD")
        #expect(head.status == 200 && head.header("Content-Length") == "1073741824")
        let tag = try #require(head.header("ETag"))
        #expect(try await client.fetch(served.address + "big.bin", headers: ["If-None-Match": tag]).status == 304)
        // The first bytes come at once, and a client that leaves after them stops the reading.
        let partial = try await rawExchange(port: port, "GET /music/big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", upTo: 256 * 1024)
        #expect(partial.hasPrefix("HTTP/1.1 200") && partial.contains("Content-Length: 1073741824\r\n"))
        #expect(try await client.fetch(served.address).status == 200, "the server still answers")
        if let before, let after = Self.bytesRead() {
            #expect(after - before < 256 << 20, "read \(after - before) bytes for a HEAD, a 304 and 256 KB")
        }
        // A whole file comes whole, with the length announced, and says it serves ranges.
        let small = try await client.fetch(served.address + "images/a.png")
        #expect(small.body == Data("\u{89}PNG".utf8) && small.header("Content-Length") == "5" && small.header("Accept-Ranges") == "bytes")
        // A range of it (a browser seeking in an <audio>): from the middle of the gigabyte, the
        // last bytes, one past the end, and one whose If-Range names another version.
        let middle = try await client.fetch(served.address + "big.bin", headers: ["Range": "bytes=536870912-536871011"])
        #expect(middle.status == 206 && middle.body.count == 100 && middle.header("Content-Length") == "100")
        #expect(middle.header("Content-Range") == "bytes 536870912-536871011/1073741824")
        let last = try await client.fetch(served.address + "images/a.png", headers: ["Range": "bytes=-2"])
        #expect(last.status == 206 && last.body == Data("NG".utf8) && last.header("Content-Range") == "bytes 3-4/5")
        let past = try await client.fetch(served.address + "images/a.png", headers: ["Range": "bytes=5-"])
        #expect(past.status == 416 && past.header("Content-Range") == "bytes */5")
        let stale = try await client.fetch(served.address + "images/a.png", headers: ["Range": "bytes=0-1", "If-Range": "\"other\""])
        #expect(stale.status == 200 && stale.body.count == 5)
        await served.stop()
    }

    /// The bytes this process has read so far (all its threads), where the system says.
    static func bytesRead() -> Int? {
        guard let io = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return nil }
        return io.split(separator: "\n").first { $0.hasPrefix("rchar:") }
            .flatMap { Int($0.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) }
    }
}
