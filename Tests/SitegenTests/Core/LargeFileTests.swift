import Foundation
import SitegenCore
import Testing

@Suite("Memory-minded helpers: streamed atomic files, string pooling")
struct LargeFileTests {
    @Test func aStreamedFileHoldsEveryLineAcrossManyChunksAndReplacesTheOldOne() throws {
        let folder = TemporaryFolder.path("stream")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("big.txt")
        try AtomicFile.write(Data("old\n".utf8), to: url)
        // 60,000 lines of 40 bytes: over two megabytes, so the text is flushed more than once.
        let lines = (0..<60_000).map { "line \($0.zeroPadded(8)) of the streamed file....\n" }
        try AtomicFile.write(to: url) { (file: inout AtomicFile.Stream) throws(SitegenError) in
            for line in lines { try file.append(line) }
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == lines.joined())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["big.txt"], "no temporary file left")
    }

    @Test func aFailedStreamKeepsTheOldFileAndNamesTheTarget() throws {
        let folder = TemporaryFolder.path("stream")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("kept.txt")
        try AtomicFile.write(Data("old\n".utf8), to: url)
        #expect(throws: SitegenError.self) {
            try AtomicFile.write(to: url) { (file: inout AtomicFile.Stream) throws(SitegenError) in
                try file.append("half a file\n")
                throw SitegenError("stopped")
            }
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["kept.txt"])
        let unwritable = URL(fileURLWithPath: "/proc/sitegen-cannot-write/here.txt")
        do {
            try AtomicFile.write(Data("x".utf8), to: unwritable)
            Issue.record("writing under /proc should fail")
        } catch {
            #expect(error.message.contains(unwritable.path))
        }
    }

    @Test func pooledStringsShareOneCopy() {
        var pool = StringPool()
        let name = "A long album title that is not a small string"
        // Two equal strings with storage of their own, as two JSON files would give.
        let first = pool(String(decoding: Array(name.utf8), as: UTF8.self))
        let second = pool(String(decoding: Array(name.utf8), as: UTF8.self))
        #expect(first == name && second == name)
        func address(_ text: String) -> UnsafePointer<UInt8>? { text.utf8.withContiguousStorageIfAvailable { $0.baseAddress }! }
        #expect(address(first) != nil)
        #expect(address(first) == address(second))
        #expect(pool(nil as String?) == nil)
    }
}
