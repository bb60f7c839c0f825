import Foundation
import SitegenCore

/// The addresses front matter gives a post besides its own: its share image and its old
/// addresses (aliases). Both are written by hand or come from another generator, so both are
/// checked: nothing but a path inside the site or an http(s) URL is accepted.
enum PostLinks {
    /// The absolute URL of a post's `image`: "/images/a.jpg" (or "images/a.jpg") is a path in the
    /// site (Content/static/images/a.jpg, as in a post's markdown; `SiteConfig.staticPath`), and
    /// http(s) URLs stay as they are. Nil for anything else (another scheme, a protocol-relative
    /// URL, a path that climbs).
    static func shareImage(_ written: String, config: SiteConfig) -> String? {
        if let url = URL(string: written), let scheme = url.scheme?.lowercased() {
            return ["http", "https"].contains(scheme) && url.host != nil ? written : nil
        }
        return SiteConfig.staticPath(written).map { config.baseURL + PercentEncoding.encodedPath($0) }
    }

    /// Where an alias's redirect page is written: "/2019/03/old-post/" is the page
    /// 2019/03/old-post/, "/2019/03/old-post.html" the file of that name. Paths are from the
    /// site's root, with or without the path of base_url in front (Hugo writes them without).
    /// Nil for a URL (anything with a colon), a path that climbs out (`..`), or the home page itself.
    static func aliasPath(_ written: String, config: SiteConfig) -> SitePath? {
        guard !written.hasPrefix("//"), !written.contains(where: { $0 == ":" || $0 == "?" || $0 == "#" || $0 == "\\" }) else {
            return nil
        }
        var path = written.hasPrefix("/") ? written : "/" + written
        let base = config.basePath
        if base != "/", path.hasPrefix(base) { path = "/" + path.dropFirst(base.count) }
        return sitePath(path)
    }

    /// An alias's path as written, from the site's root, percent-escapes decoded ("blog/über/"):
    /// what `aliasPath` gives when no segment needed changing.
    static func writtenPath(_ written: String, config: SiteConfig) -> String? {
        var path = written.hasPrefix("/") ? written : "/" + written
        let base = config.basePath
        if base != "/", path.hasPrefix(base) { path = "/" + path.dropFirst(base.count) }
        let decoded = path.removingPercentEncoding ?? path
        let segments = decoded.split(separator: "/")
        guard !segments.isEmpty else { return nil }
        let isFolder = decoded.hasSuffix("/") || !segments.last!.contains(".")
        return segments.joined(separator: "/") + (isFolder ? "/" : "")
    }

    /// A path from the site's root as a `SitePath`: a folder when it ends with `/` or its last
    /// segment has no extension, a file otherwise; nil when empty or when it climbs out.
    private static func sitePath(_ path: String) -> SitePath? {
        let segments = path.split(separator: "/").map(String.init)
        guard !segments.isEmpty, !segments.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        if path.hasSuffix("/") || !(segments.last!.contains(".")) { return .page(segments) }
        return .file(segments)
    }
}
