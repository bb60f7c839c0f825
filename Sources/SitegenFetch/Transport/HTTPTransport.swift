import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOHTTPCompression

/// What a server answered: the status, the headers (names lowercased) and the whole body.
struct HTTPAnswer: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
}

/// Why no answer came: worth another try after a pause, unless the same answer would come
/// again (`lasting`: too large, redirects without end, a host the resolver does not know).
struct TransportFailure: Error, Sendable {
    var reason: String
    var lasting = false
}

/// GET over AsyncHTTPClient (SwiftNIO): HTTP/1.1 and 2, TLS, gzip, keep-alive, and no CPU spent
/// while it waits — Foundation's URLSession on Linux kept a core busy for every answer awaited
/// (README "HTTP client"), and a first fetch of an archive waits for hours. Redirects
/// are followed only to http(s) URLs on the same host, or between archive.org's hosts (its
/// downloads move to `ia800….us.archive.org`).
final class HTTPTransport: Sendable {
    private let client: HTTPClient
    private let userAgent: String
    /// The longest a whole answer may take: `timeout` is the longest wait for a byte.
    private let deadline: TimeAmount
    /// The largest body kept, unpacked: site.yml's `limits.max_file_mb`, past which the build
    /// refuses a cache file (a larger answer stored would fail every build after it).
    private let maxBodyBytes: Int
    static let maxRedirects = 5

    init(timeout: TimeInterval, userAgent: String, connectionsPerHost: Int, maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
        let wait = TimeAmount.milliseconds(Int64(timeout * 1000))
        var pool = HTTPClient.Configuration.ConnectionPool()
        pool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, connectionsPerHost)
        // A connection that cannot be made fails the try at once: the fetcher's own retries
        // (after 1 s, 2 s, 4 s …, `attempts` in all) pace the next ones. The library's would
        // keep reconnecting until the whole timeout had passed, so a refused connection took
        // `timeout` seconds a try.
        pool.retryConnectionEstablishment = false
        let configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: wait, read: wait),
                                                     connectionPool: pool, decompression: .enabled(limit: .size(maxBodyBytes)))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.userAgent = userAgent
        deadline = wait * 4
    }

    deinit { try? client.syncShutdown() }

    func get(_ url: URL) async throws(TransportFailure) -> HTTPAnswer {
        var current = url
        for _ in 0...Self.maxRedirects {
            let answer = try await once(current)
            guard [301, 302, 303, 307, 308].contains(answer.status), let location = answer.headers["location"],
                  let next = URL(string: location, relativeTo: current)?.absoluteURL, Self.mayFollow(from: url, to: next) else { return answer }
            current = next
        }
        throw TransportFailure(reason: "more than \(Self.maxRedirects) redirects", lasting: true)
    }

    private func once(_ url: URL) async throws(TransportFailure) -> HTTPAnswer {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        let maxBodyBytes = self.maxBodyBytes
        do {
            let end = NIODeadline.now() + deadline
            let response = try await client.execute(request, deadline: end)
            // The library's deadline ends with the headers: the body is raced against what is
            // left of it, or a server sending a byte now and then would hold a request for ever.
            let body = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { try await response.body.collect(upTo: maxBodyBytes) }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(max(0, (end - NIODeadline.now()).nanoseconds)))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let body = first else { throw HTTPClientError.deadlineExceeded }
                return body
            }
            var headers: [String: String] = [:]
            for (name, value) in response.headers {
                let key = name.lowercased()
                headers[key] = headers[key].map { $0 + ", " + value } ?? value
            }
            return HTTPAnswer(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        } catch {
            throw TransportFailure(reason: Self.describe(error, maxBodyBytes: maxBodyBytes), lasting: Self.isTooLarge(error) || Self.isUnknownHost(error))
        }
    }

    /// A host the resolver says does not exist (`EAI_NONAME`): a misspelt address, a dead domain.
    /// Asking again within the run would only repeat it, pauses and all, for every file of
    /// that host. A resolver that did not answer (`EAI_AGAIN`: no network for a moment) is
    /// asked again like any failed connection.
    static func isUnknownHost(_ error: any Error) -> Bool {
        resolverFailure(error).map { $0.errorCode == Int(EAI_NONAME) } ?? false
    }

    /// NIO's report of a failed lookup: on its own, or in the connection's error for the
    /// addresses it asked for (A, AAAA).
    static func resolverFailure(_ error: any Error) -> SocketAddressError.UnknownHost? {
        if let failure = error as? SocketAddressError.UnknownHost { return failure }
        guard let connection = error as? NIOConnectionError else { return nil }
        return (connection.dnsAError ?? connection.dnsAAAAError) as? SocketAddressError.UnknownHost
    }

    /// A short reason that never repeats the URL (it carries the key).
    static func isTooLarge(_ error: any Error) -> Bool {
        if error is NIOTooManyBytesError { return true }
        if let error = error as? NIOHTTPDecompression.DecompressionError, case .limit = error { return true }
        return false
    }

    static func describe(_ error: any Error, maxBodyBytes: Int) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout, .connectTimeout, .deadlineExceeded, .writeTimeout: return "timed out"
            case .remoteConnectionClosed: return "connection lost before the answer was complete"
            default: break
            }
        }
        let limit = "\(maxBodyBytes >> 20) MB, the largest file the build reads (`limits.max_file_mb` in site.yml)"
        if error is NIOTooManyBytesError { return "the answer is larger than " + limit }
        if let error = error as? NIOHTTPDecompression.DecompressionError, case .limit = error {
            return "the answer is larger than " + limit + " unpacked"
        }
        let text = String(describing: type(of: error)) + " " + String(describing: error)
        if text.contains("onnectionRefused") || text.contains("Connection refused") || text.contains("ECONNREFUSED") { return "connection refused" }
        if let failure = resolverFailure(error) {
            return isUnknownHost(error) ? "host not found" : "host not found (the resolver did not answer: \(failure.errorDescription))"
        }
        if let error = error as? IOError, error.errnoCode == ECONNRESET { return "connection reset by the server" }
        if text.contains("SSL") || text.contains("TLS") || text.contains("certificate") { return "TLS failed" }
        if text.contains("ChannelError") || text.contains("ioOnClosedChannel") { return "connection lost before the answer was complete" }
        return "network error"
    }

    static func mayFollow(from: URL?, to: URL?) -> Bool {
        guard let to, let scheme = to.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let target = to.host?.lowercased(), let origin = from?.host?.lowercased() else { return false }
        // Another port of the host is another server (the failure would name one that is up);
        // http to https on their default ports is the same site moving to TLS.
        if target == origin, let from {
            func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil) }
            return port(to) == port(from) || (from.scheme?.lowercased() == "http" && scheme == "https" && port(from) == 80 && port(to) == 443)
        }
        // archive.org's own hosts (its downloads move to ia800….us.archive.org), on any port.
        func isArchive(_ host: String) -> Bool { host == "archive.org" || host.hasSuffix(".archive.org") }
        return isArchive(origin) && isArchive(target)
    }
}
