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

    public var description: String { Self.hex(high) + Self.hex(low) }

    private static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
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
