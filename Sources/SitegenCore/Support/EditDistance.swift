/// How far apart two short texts are: the Levenshtein distance on their UTF-8 bytes (the
/// fewest insertions, deletions and replacements of a byte that make one the other). Used for
/// what people misspell: venue names, setlist titles, command names.
public enum EditDistance {
    /// The distance when it is at most `limit`, else nil. The texts are short (a word, a
    /// title), so the full table costs nothing worth a cleverer bound.
    public static func within(_ limit: Int, _ a: String, _ b: String) -> Int? {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard abs(x.count - y.count) <= limit else { return nil }
        var previous = Array(0...y.count)
        for i in x.indices {
            var current = [i + 1] + Array(repeating: 0, count: y.count)
            for j in y.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x[i] == y[j] ? 0 : 1))
            }
            previous = current
        }
        return previous[y.count] <= limit ? previous[y.count] : nil
    }
}
