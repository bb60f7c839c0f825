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

    static func of(_ bytes: UnsafeRawBufferPointer) -> Digest {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F &+ UInt64(bytes.count)
        var index = 0
        let count = bytes.count
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

    /// The splitmix64 finaliser.
    @inline(__always) private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
