/// A location in the built site, relative to its root: a page is a folder ("news/my-post/",
/// written as "news/my-post/index.html"), anything else a file ("feed.xml"). Every segment is
/// made safe on the way in, so no identifier from the data can name a path outside Output/.
public struct SitePath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// "" for the home page, "news/my-post/" for a page, "feed.xml" for a file.
    public let value: String

    private init(value: String) { self.value = value }

    public static let root = SitePath(value: "")

    /// A page folder made of segments; each is passed through `Slug.segment`.
    public static func page(_ segments: String...) -> SitePath { page(segments) }

    public static func page(_ segments: [String]) -> SitePath {
        let safe = segments.map { Slug.segment($0) }
        return SitePath(value: safe.isEmpty ? "" : safe.joined(separator: "/") + "/")
    }

    /// A file; every segment, the file name included, is passed through `Slug.segment`.
    public static func file(_ segments: String...) -> SitePath { file(segments) }

    public static func file(_ segments: [String]) -> SitePath {
        SitePath(value: segments.map { Slug.segment($0) }.joined(separator: "/"))
    }

    public var isPage: Bool { value.isEmpty || value.hasSuffix("/") }

    /// The file to write, relative to Output/.
    public var outputFile: String { isPage ? value + "index.html" : value }

    /// The way from this page back to the site root: "./" at the root, "../../" two levels down.
    /// Pages link with relative URLs, so a site works at a host's root, under a sub-path and
    /// opened from disk.
    public var rootPrefix: String {
        // The folders above the file: its non-empty parts but the last, counted on the bytes.
        var parts = 0
        var inPart = false
        for byte in outputFile.utf8 {
            if byte == UInt8(ascii: "/") {
                inPart = false
            } else if !inPart {
                inPart = true
                parts += 1
            }
        }
        let depth = parts - 1
        return depth <= 0 ? "./" : String(repeating: "../", count: depth)
    }

    public var description: String { "/" + value }

    public static func < (lhs: SitePath, rhs: SitePath) -> Bool { lhs.value < rhs.value }
}
