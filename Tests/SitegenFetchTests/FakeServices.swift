import FlyingFox
import FlyingSocks
import Foundation

/// Fault an answer can be given instead of (or before) the real one.
enum Fault: Sendable {
    case status(Int, retryAfter: String?)
    /// Headers promise the whole body; the connection closes halfway.
    case cutOff
    /// The answer comes after this many seconds.
    case slow(Double)
    /// A 200 with text that is not JSON.
    case invalidJSON
    /// A 200 (or the given status) with this body: an error body of the service.
    case body(String, status: Int)
    /// These bytes with `Content-Encoding: gzip`.
    case gzip(Data)
    /// 302 to this URL.
    case redirect(String)
}

/// One request as the server saw it.
struct SeenRequest: Sendable {
    var path: String
    var query: [String: String]
    var at: ContinuousClock.Instant
    var userAgent: String
    var acceptEncoding: String

    /// The request without its key: what tests compare.
    var key: String {
        let parameters = query.filter { $0.key != "api_key" && $0.key != "apikey" }
            .sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        return parameters.isEmpty ? path : path + "?" + parameters
    }
}

/// archive.org, Last.fm and Songkick on one real HTTP server on 127.0.0.1 (FlyingFox), serving
/// answers in the services' formats (formats.md) under `/ia/`, `/2.0/` and `/sk/`, with faults
/// queued per request.
final class FakeServices: HTTPHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String: (status: Int, body: Data)] = [:]
    private var faults: [String: [Fault]] = [:]
    private var everyRequestDelay: Double = 0
    private(set) var seen: [SeenRequest] = []
    private var server: HTTPServer!
    private var task: Task<Void, Error>?
    private(set) var port: UInt16 = 0

    static let lastfmKey = "LFKEY0123456789abcdef"
    static let songkickKey = "SKKEY9876543210"

    func start() async throws {
        server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled, handler: self)
        let server = server!
        task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let port) = await server.listeningAddress else { throw URLError(.cannotConnectToHost) }
        self.port = port
    }

    func stop() async {
        await server.stop()
        task?.cancel()
    }

    var base: String { "http://127.0.0.1:\(port)" }
    var archiveURL: URL { URL(string: base + "/ia/")! }
    var lastfmURL: URL { URL(string: base + "/2.0/")! }
    var songkickURL: URL { URL(string: base + "/sk/")! }

    /// The answer to a request key (path plus sorted query without the key).
    func answer(_ key: String, _ body: String, status: Int = 200) { answer(key, bytes: Data(body.utf8), status: status) }
    func answer(_ key: String, bytes: Data, status: Int = 200) { lock.withLock { answers[key] = (status, bytes) } }
    func fault(_ key: String, _ list: Fault...) { lock.withLock { faults[key, default: []] += list } }
    func slowEverything(_ seconds: Double) { lock.withLock { everyRequestDelay = seconds } }
    func resetSeen() { lock.withLock { seen = [] } }
    var seenKeys: [String] { lock.withLock { seen.map(\.key) } }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        var query: [String: String] = [:]
        for item in request.query { query[item.name] = item.value }
        let entry = SeenRequest(path: request.path, query: query, at: .now,
                                userAgent: request.headers[HTTPHeader("User-Agent")] ?? "", acceptEncoding: request.headers[HTTPHeader("Accept-Encoding")] ?? "")
        let (fault, answer, delay) = lock.withLock { () -> (Fault?, (status: Int, body: Data)?, Double) in
            seen.append(entry)
            var fault: Fault?
            if var list = faults[entry.key], !list.isEmpty {
                fault = list.removeFirst()
                faults[entry.key] = list
            }
            return (fault, answers[entry.key], everyRequestDelay)
        }
        if delay > 0 { try await Task.sleep(for: .milliseconds(Int(delay * 1000))) }
        let json: HTTPHeaders = [.contentType: "application/json"]
        switch fault {
        case .status(let status, let retryAfter)?:
            var headers = json
            if let retryAfter { headers[HTTPHeader("Retry-After")] = retryAfter }
            return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Fault"), headers: headers, body: Data("{\"error\":\"busy\"}".utf8))
        case .cutOff?:
            let body = answer?.body ?? Data("{}".utf8)
            return HTTPResponse(statusCode: .ok, headers: json,
                                body: HTTPBodySequence(from: CutOffBody(bytes: Array(body.prefix(body.count / 2))), count: body.count))
        case .slow(let seconds)?:
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        case .invalidJSON?:
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html"], body: Data("<html>Service Unavailable</html>".utf8))
        case .body(let text, let status)?:
            return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Answer"), headers: json, body: Data(text.utf8))
        case .redirect(let location)?:
            return HTTPResponse(statusCode: .found, headers: [HTTPHeader("Location"): location, .contentType: "application/json"], body: Data("{}".utf8))
        case .gzip(let bytes)?:
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json", HTTPHeader("Content-Encoding"): "gzip"], body: bytes)
        case nil:
            break
        }
        guard let answer else {
            return HTTPResponse(statusCode: .notFound, headers: json, body: Data("{\"error\":\"no answer for \(entry.key)\"}".utf8))
        }
        let type: HTTPHeaders = entry.path.hasPrefix("/img/") ? [.contentType: "image/png"] : json
        return HTTPResponse(statusCode: HTTPStatusCode(answer.status, phrase: "Answer"), headers: type, body: answer.body)
    }
}

/// A body that sends its first half and then fails, so the server drops the connection.
struct CutOffBody: AsyncBufferedSequence, AsyncBufferedIteratorProtocol {
    typealias Element = UInt8
    var bytes: [UInt8]
    var sent = false

    func makeAsyncIterator() -> CutOffBody { self }

    mutating func next() async throws -> UInt8? { fatalError("read in buffers") }

    mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
        if sent { throw URLError(.networkConnectionLost) }
        sent = true
        return bytes
    }
}
