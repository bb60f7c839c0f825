import Foundation

/// The order of paths by the bytes of their UTF-8: the order the manifest, the source scan and
/// folder digests agree on, whatever the locale or Unicode normalisation.
enum ByteOrder {
    /// Whether `a` comes before `b`, by `memcmp`: every build sorts every source path, and
    /// `utf8.lexicographicallyPrecedes` walks the views one index at a time. Read in place,
    /// without the copies that `withUTF8` (a mutating call) needs.
    static func precedes(_ a: String, _ b: String) -> Bool {
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
        return (inPlace ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
