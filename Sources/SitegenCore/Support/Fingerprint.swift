/// A short, stable digest of text (64-bit FNV-1a, hex). Not for security: for telling whether
/// an input of a page changed between two builds, identically on every machine and run.
public enum Fingerprint {
    public static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    public static func of(_ parts: [String]) -> String { of(parts.joined(separator: "\u{1}")) }
}
