/// One copy of each distinct string. Cached data repeats the same names thousands of times (an
/// album in every week it charted); passing them through a pool keeps one allocation per name.
public struct StringPool {
    private var strings: Set<String> = []

    public init() {}

    public mutating func callAsFunction(_ text: String) -> String {
        strings.insert(text).memberAfterInsert
    }

    public mutating func callAsFunction(_ text: String?) -> String? {
        text.map { self($0) }
    }
}
