/// A short, stable fingerprint of text, for `Dependency.derived`: the hex of its `Digest`.
public enum Fingerprint {
    public static func of(_ text: String) -> String { Digest.of(text).description }
}
