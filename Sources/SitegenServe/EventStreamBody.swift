import FlyingFox
import FlyingSocks

/// A listener's events as the bytes of a streamed (chunked) response body: each event is sent
/// as soon as it is yielded, and the body ends when the hub finishes the stream. A page that
/// closed is noticed at the next write, which ends its connection and its stream.
struct EventStreamBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let events: AsyncStream<[UInt8]>

    func makeAsyncIterator() -> Iterator { Iterator(events: events.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var events: AsyncStream<[UInt8]>.Iterator
        var pending: ArraySlice<UInt8> = []

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
            if pending.isEmpty {
                guard let event = await events.next() else { return nil }
                pending = event[...]
            }
            let buffer = pending.prefix(Swift.max(1, count))
            pending = pending.dropFirst(buffer.count)
            return buffer
        }
    }
}
