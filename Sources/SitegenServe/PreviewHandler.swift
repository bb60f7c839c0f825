import FlyingFox
import Foundation

/// Answers every request of the preview server: the site's files below its sub-path, the
/// live-reload script and event stream, redirects for `/` and for folders asked without their
/// slash, the site's 404.html, 400 for a path that is not safe to resolve. Conditional requests
/// (`If-None-Match`) get 304; HTML is never cached, other files are revalidated.
struct PreviewHandler: HTTPHandler {
    let output: OutputFolder
    let mount: Mount
    let hub: LiveReloadHub
    /// Listening on loopback, requests must name a loopback host: a page of another site that
    /// a DNS record points at 127.0.0.1 ("DNS rebinding") would otherwise read the preview,
    /// drafts included, from the author's own browser. With `--bind` to another address, the
    /// names of this machine are many and not known: any is taken.
    let loopbackOnly: Bool

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let head = request.method == .HEAD
        if loopbackOnly, let host = request.headers[.host], !Loopback.isName(host: host) {
            return Self.text(.forbidden, "Forbidden: this preview answers to 127.0.0.1, localhost and [::1] only.\n", head: head)
        }
        guard request.method == .GET || head else {
            return Self.text(.methodNotAllowed, "Only GET and HEAD are served.\n", headers: [HTTPHeader("Allow"): "GET, HEAD"])
        }
        let rawPath = request.target.path()
        if rawPath == LiveReloadScript.eventsPath {
            var headers: HTTPHeaders = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"]
            if head { headers[.contentLength] = "0"; return HTTPResponse(statusCode: .ok, headers: headers) }
            return HTTPResponse(statusCode: .ok, headers: headers, body: HTTPBodySequence(from: EventStreamBody(events: hub.subscribe())))
        }
        if rawPath == LiveReloadScript.path {
            return Self.body(.ok, Data(LiveReloadScript.source.utf8), type: "text/javascript; charset=utf-8",
                             headers: [.cacheControl: "no-cache"], head: head)
        }
        if rawPath == LiveReloadScript.workerPath {
            return Self.body(.ok, Data(LiveReloadScript.workerSource.utf8), type: "text/javascript; charset=utf-8",
                             headers: [.cacheControl: "no-cache"], head: head)
        }
        guard let target = RequestTarget(rawPath: rawPath) else {
            return Self.text(.badRequest, "Bad request: the path is not one this server resolves.\n", head: head)
        }
        // Read once: a rebuild may move the site (a new base_url) while this request is answered.
        let mountPath = mount.path
        guard let segments = target.below(Mount.segments(of: mountPath)) else {
            if target.segments.isEmpty { return Self.redirect(to: mountPath, query: request.target.query()) }
            return notFound(head: head)
        }
        switch output.resolve(segments, endsWithSlash: target.endsWithSlash) {
        case .folderWithoutSlash:
            return Self.redirect(to: Self.folderPath(target.segments), query: request.target.query())
        case .notFound:
            return notFound(head: head)
        case .file(let path, let relative):
            // Served at "/music//news/", a page's relative links would resolve one folder too
            // deep: the browser is sent to the path with single slashes.
            if rawPath.contains("//") {
                let joined = RequestTarget.encoded(target.segments.joined(separator: "/"))
                let single = joined.isEmpty ? "/" : "/" + joined + (target.endsWithSlash ? "/" : "")
                return Self.redirect(to: single, query: request.target.query())
            }
            guard let file = OutputFolder.openFile(path) else { return notFound(head: head) }
            let urlPath = mountPath + RequestTarget.encoded(relative)
            let isHTML = ContentTypes.isHTML(relative)
            // The injected script is part of an HTML answer's bytes: its tag says so.
            let tag = isHTML ? String(file.tag.dropLast()) + "-live\"" : file.tag
            var headers: HTTPHeaders = [.eTag: tag, .cacheControl: isHTML ? "no-store" : "no-cache"]
            // A revalidation or a HEAD is answered from the file's stat, without reading it.
            if Self.matches(request.headers[HTTPHeader("If-None-Match")], tag) {
                // The length a 200 would have (RFC 9110 §8.6), not the empty body's 0, which a
                // cache could store as the page's length.
                let script = isHTML ? LiveReloadScript.tag(page: urlPath, notFound: false).count : 0
                headers[.contentLength] = String(file.size + script)
                return HTTPResponse(statusCode: .notModified, headers: headers)
            }
            let type = ContentTypes.of(relative, start: relative.lowercased().hasSuffix(".xml") ? file.prefix(1024) : Data())
            headers[.contentType] = type
            headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
            if isHTML {
                let script = LiveReloadScript.tag(page: urlPath, notFound: false)
                if head {
                    headers[.contentLength] = String(file.size + script.count)
                    return HTTPResponse(statusCode: .ok, headers: headers)
                }
                guard let bytes = file.bytes() else { return notFound(head: head) }
                return Self.body(.ok, LiveReloadScript.inject(script, into: bytes), type: type, headers: headers, head: false)
            }
            // A part of the file (a browser seeking in an <audio>), when its tag still holds.
            headers[HTTPHeader("Accept-Ranges")] = "bytes"
            var part = 0..<file.size
            var partial = false
            if !head, let asked = request.headers[HTTPHeader("Range")],
               request.headers[HTTPHeader("If-Range")].map({ $0 == tag }) ?? true {
                switch ByteRange(asked, size: file.size) {
                case .whole:
                    break
                case .unsatisfiable:
                    headers[HTTPHeader("Content-Range")] = "bytes */\(file.size)"
                    return Self.text(.rangeNotSatisfiable, "The range asked for is not in the file.\n", headers: headers)
                case .part(let range):
                    part = range
                    partial = true
                    headers[HTTPHeader("Content-Range")] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(file.size)"
                    try file.handle.seek(toOffset: UInt64(range.lowerBound))
                }
            }
            headers[.contentLength] = String(part.count)
            if head { return HTTPResponse(statusCode: .ok, headers: headers) }
            return HTTPResponse(statusCode: partial ? .partialContent : .ok, headers: headers,
                                body: HTTPBodySequence(from: FileBody(handle: file.handle, count: part.count), count: part.count,
                                                       suggestedBufferSize: 64 * 1024))
        }
    }

    /// The site's 404.html with status 404. Without one (no build has succeeded yet, or the
    /// site has none), a bare page that still listens, so the first good build shows the site.
    private func notFound(head: Bool) -> HTTPResponse {
        var page = Data("<!DOCTYPE html>\n<title>Not found</title>\n<p>Not found.</p>\n".utf8)
        if case .file(let path, _) = output.resolve(["404.html"], endsWithSlash: false),
           let bytes = OutputFolder.openFile(path)?.bytes() {
            page = bytes
        }
        let bytes = LiveReloadScript.inject(LiveReloadScript.tag(page: mount.path + "404.html", notFound: true), into: page)
        return Self.body(.notFound, bytes, type: "text/html; charset=utf-8", headers: [.cacheControl: "no-store"], head: head)
    }

    /// Whether an If-None-Match header names this tag (or is `*`); weak tags compare by value.
    static func matches(_ header: String?, _ tag: String) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { candidate in
            let value = candidate.trimmingCharacters(in: .whitespaces)
            return value == "*" || value == tag || value == "W/" + tag
        }
    }

    /// The folder's path, as the server reads it, with its slash: "//music/news" and
    /// "/music//news" ask for "/music/news/", and a redirect to the path as it came ("//music/
    /// news/") would send the browser to another host, "music".
    static func folderPath(_ segments: [String]) -> String {
        "/" + RequestTarget.encoded(segments.joined(separator: "/")) + "/"
    }

    private static func redirect(to path: String, query: String) -> HTTPResponse {
        let headers: HTTPHeaders = [.location: query.isEmpty ? path : path + "?" + query, .contentLength: "0",
                                    .cacheControl: "no-store"]
        return HTTPResponse(statusCode: .found, headers: headers)
    }

    private static func text(_ status: HTTPStatusCode, _ text: String, headers: HTTPHeaders = [:], head: Bool = false) -> HTTPResponse {
        body(status, Data(text.utf8), type: "text/plain; charset=utf-8", headers: headers, head: head)
    }

    /// A response with a body, or for HEAD the same headers (with the body's length) and no body.
    private static func body(_ status: HTTPStatusCode, _ bytes: Data, type: String, headers: HTTPHeaders, head: Bool) -> HTTPResponse {
        var headers = headers
        headers[.contentType] = type
        headers[.contentLength] = String(bytes.count)
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        return HTTPResponse(statusCode: status, headers: headers, body: head ? Data() : bytes)
    }
}

/// Where the site lives on the preview server: the path of its base URL ("/music/"). It can
/// change while the server runs, when site.yml's base_url does.
final class Mount: @unchecked Sendable {
    private let lock = NSLock()
    private var current = "/"

    /// Always starts and ends with "/"; percent-encoded, as a browser sends it ("/my%20site/").
    var path: String {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    /// A mount path's decoded segments, as `RequestTarget` gives a request's.
    static func segments(of path: String) -> [String] {
        (path.removingPercentEncoding ?? path).split(separator: "/").map(String.init)
    }
}
