import Foundation

/// A request's path as folder names, checked before it comes near the file system: percent
/// escapes are decoded exactly once (so `%252e%252e` stays the harmless name `%2e%2e`), and a
/// path that is not valid UTF-8 once decoded, or that holds a NUL, a backslash or a `.`/`..`
/// segment (written plainly or encoded), is a bad request rather than a path to resolve.
struct RequestTarget: Equatable {
    /// The decoded names between slashes, empty ones dropped: "/a//b/" → ["a", "b"].
    var segments: [String]
    /// Whether the path ends with a slash: "/x/" asks for a folder, "/x" for a file.
    var endsWithSlash: Bool

    /// Nil when the path must be answered with 400 Bad Request.
    init?(rawPath: String) {
        guard rawPath.hasPrefix("/"), !rawPath.contains("\\"),
              let decoded = rawPath.removingPercentEncoding,
              !decoded.contains("\0"), !decoded.contains("\\") else { return nil }
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        segments = parts
        endsWithSlash = decoded.hasSuffix("/")
    }

    /// A path of the output folder ("news/a b/index.html") as a URL path says it
    /// ("news/a%20b/index.html"): the inverse of the decoding, segment by segment. Not the
    /// core's `PercentEncoding`, which encodes all but RFC 3986's unreserved characters for text
    /// put into a page: this leaves what a browser leaves in a path it sends (sub-delimiters
    /// like `(`, `&`, `=`), so a redirect or a live-reload page name matches the address bar.
    static func encoded(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? String($0) }.joined(separator: "/")
    }

    private static let segmentCharacters = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/;"))

    /// The segments after `prefix` ("/music/" → ["music"]), or nil when the path is not below it.
    func below(_ prefix: [String]) -> [String]? {
        guard segments.starts(with: prefix) else { return nil }
        return Array(segments.dropFirst(prefix.count))
    }
}
