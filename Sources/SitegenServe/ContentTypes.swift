import Foundation

/// The Content-Type of each kind of file a site has, by file extension. Text types say their
/// charset (sitegen writes UTF-8); `.xml` is looked into, since the Atom feed is `feed.xml`.
enum ContentTypes {
    /// `start` is the file's first bytes (1 KB), needed for `.xml` only.
    static func of(_ relativePath: String, start: Data) -> String {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        let ext = name.split(separator: ".").count > 1 ? name.split(separator: ".").last!.lowercased() : ""
        if ext == "xml" { return isAtom(start) ? "application/atom+xml; charset=utf-8" : "application/xml; charset=utf-8" }
        return byExtension[ext] ?? "application/octet-stream"
    }

    static func isHTML(_ relativePath: String) -> Bool {
        relativePath.hasSuffix(".html") || relativePath.hasSuffix(".htm")
    }

    /// An Atom document's root element is `feed` in the Atom namespace, near the start.
    private static func isAtom(_ bytes: Data) -> Bool {
        let text = String(decoding: bytes.prefix(1024), as: UTF8.self)
        return text.contains("<feed") && text.contains("http://www.w3.org/2005/Atom")
    }

    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "map": "application/json", "webmanifest": "application/manifest+json",
        "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8", "csv": "text/csv; charset=utf-8",
        "atom": "application/atom+xml; charset=utf-8", "rss": "application/rss+xml; charset=utf-8",
        "xsl": "application/xslt+xml", "ics": "text/calendar; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/vnd.microsoft.icon", "bmp": "image/bmp",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "pdf": "application/pdf", "wasm": "application/wasm", "zip": "application/zip",
        "mp3": "audio/mpeg", "ogg": "audio/ogg", "oga": "audio/ogg", "flac": "audio/flac", "wav": "audio/wav",
        "m4a": "audio/mp4", "mp4": "video/mp4", "webm": "video/webm", "opus": "audio/ogg", "aac": "audio/aac",
        "m3u": "audio/x-mpegurl; charset=utf-8", "m3u8": "application/vnd.apple.mpegurl",
        // A taper's text files beside the audio: the cue sheet and checksums (FLAC fingerprints, MD5).
        "cue": "text/plain; charset=utf-8", "ffp": "text/plain; charset=utf-8", "md5": "text/plain; charset=utf-8",
    ]
}
