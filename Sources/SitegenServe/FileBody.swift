import FlyingFox
import FlyingSocks
import Foundation

/// A file's bytes as a response body, read from its open handle a piece at a time as the client
/// takes them: a large file (a recording's audio, an image) never sits whole in memory, and a
/// client that leaves stops the reading. At most `count` bytes are sent, the length the answer
/// announced.
struct FileBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let handle: FileHandle
    let count: Int

    func makeAsyncIterator() -> Iterator { Iterator(handle: handle, remaining: count) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let handle: FileHandle
        var remaining: Int

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            guard remaining > 0 else { return nil }
            let wanted = Swift.min(remaining, Swift.max(1, count))
            guard let data = try handle.read(upToCount: wanted), !data.isEmpty else { return nil }
            remaining -= data.count
            return Array(data)[...]
        }
    }
}
