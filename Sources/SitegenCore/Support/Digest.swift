import Foundation

/// A 128-bit content digest for change detection: fast (8 bytes a step), stable across runs and
/// machines. Not cryptographic; two different inputs colliding is about as likely as 2^-64.
public struct Digest: Sendable, Hashable, Codable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 32 lower-case hex digits (manifests hold hundreds of thousands of them).
    public var description: String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            writeHexDigits(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<32]))
            return 32
        }
    }

    /// Appends the 32 digits of `description` to a byte buffer.
    func appendHexDigits(to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 32))
        bytes.withUnsafeMutableBufferPointer { writeHexDigits(into: UnsafeMutableBufferPointer(rebasing: $0[start..<start + 32])) }
    }

    private func writeHexDigits(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let digits: StaticString = "0123456789abcdef"
        for (offset, word) in [(0, high), (16, low)] {
            for index in 0..<16 {
                buffer[offset + index] = digits.utf8Start[Int((word >> (60 - 4 * UInt64(index))) & 0xF)]
            }
        }
    }

    /// Reads the 32 hex digits `description` writes; nil for anything else.
    public init?<Bytes: Collection>(hexDigits bytes: Bytes) where Bytes.Element == UInt8 {
        // On contiguous bytes without a generic walk: a manifest holds a million digests to read.
        guard bytes.count == 32,
              let words = bytes.withContiguousStorageIfAvailable(Self.words) ?? Array(bytes).withUnsafeBufferPointer(Self.words)
        else { return nil }
        self.init(high: words.0, low: words.1)
    }

    /// The two words of 32 hex digits, or nil if a byte is not a hex digit.
    private static func words(_ digits: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        var words: (UInt64, UInt64) = (0, 0)
        for index in 0..<32 {
            let byte = digits[index]
            let value: UInt8
            if byte &- 0x30 < 10 {
                value = byte &- 0x30
            } else if (byte | 0x20) &- 0x61 < 6 {   // a-f and A-F
                value = (byte | 0x20) &- 0x61 &+ 10
            } else {
                return nil
            }
            if index < 16 { words.0 = words.0 << 4 | UInt64(value) } else { words.1 = words.1 << 4 | UInt64(value) }
        }
        return words
    }

    public static func of(_ data: Data) -> Digest {
        data.withUnsafeBytes { of(UnsafeRawBufferPointer($0)) }
    }

    public static func of(_ text: String) -> Digest {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    public static func of(_ parts: [String]) -> Digest { of(parts.joined(separator: "\u{1}")) }

    /// Inputs of 32 bytes or more go through four independent lanes first, 32 bytes a step, each
    /// with xxHash64's round (one multiply-add, a rotation and a multiply per 8 bytes): the
    /// processor overlaps the lanes' multiplications. Folding every 8 bytes through two splitmix
    /// rounds one after the other, as shorter inputs still are, makes each step wait for the
    /// last, and every page a build writes is digested.
    static func of(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F &+ UInt64(bytes.count)
        var index = 0
        let count = bytes.count
        if count >= 32 {
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (prime1 &+ prime2, prime2, 0, 0 &- prime1)
            while index + 32 <= count {
                lanes.0 = round(lanes.0, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                lanes.1 = round(lanes.1, bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
                lanes.2 = round(lanes.2, bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
                lanes.3 = round(lanes.3, bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
                index += 32
            }
            for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
                a = mix(a ^ lane)
                b = mix(b &+ (lane &* 0xFF51_AFD7_ED55_8CCD))
            }
        }
        while index + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            a = mix(a ^ word)
            b = mix(b &+ (word &* 0xFF51_AFD7_ED55_8CCD))
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        a = mix(a ^ tail ^ 0x1)
        b = mix(b &+ tail &+ 0x2)
        return Digest(high: mix(a ^ (b >> 17)), low: mix(b ^ (a << 13)))
    }

    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    /// xxHash64's round.
    @inline(__always) private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let sum = lane &+ word &* prime2
        return ((sum << 31) | (sum >> 33)) &* prime1
    }

    /// The splitmix64 finaliser.
    @inline(__always) private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
