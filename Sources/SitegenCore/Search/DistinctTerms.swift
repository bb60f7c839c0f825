import Foundation

/// Terms kept once each, in the order they first come, as one space-separated UTF-8 buffer.
/// A small open-addressing table over that buffer tells a repeat from a new term by comparing
/// bytes, so no term becomes a `String` or goes through `Hasher` (a post body has thousands of
/// words and a few hundred distinct ones).
struct DistinctTerms {
    private var bytes: [UInt8] = []
    /// Per table slot: 0 when empty, else 1 + the number of the term in `starts`.
    private var slots = [Int](repeating: 0, count: 256)
    private var starts: [Int] = []
    private var lengths: [Int] = []

    var isEmpty: Bool { starts.isEmpty }
    var joined: String { String(decoding: bytes, as: UTF8.self) }

    mutating func insert(_ term: UnsafeBufferPointer<UInt8>) {
        guard !term.isEmpty else { return }
        var slot = Self.hash(term) & (slots.count - 1)
        while slots[slot] != 0 {
            let number = slots[slot] - 1
            let start = starts[number]
            if lengths[number] == term.count, bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + start, term.baseAddress!, term.count) == 0 }) {
                return
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
        starts.append(bytes.count)
        lengths.append(term.count)
        bytes.append(contentsOf: term)
        slots[slot] = starts.count
        if starts.count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        slots = [Int](repeating: 0, count: slots.count * 2)
        for number in starts.indices {
            let start = starts[number]
            var slot = Self.hash(bytes[start..<start + lengths[number]]) & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = number + 1
        }
    }

    /// FNV-1a: fixed, so the table (and nothing else) depends on it; the output is the same
    /// for any hash.
    private static func hash<Bytes: Sequence<UInt8>>(_ term: Bytes) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in term { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
