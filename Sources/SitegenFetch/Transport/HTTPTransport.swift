import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a server answered: the status, the headers (names lowercased) and the whole body.
struct HTTPAnswer: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
}

/// Why no answer came: all of these are worth another try after a pause.
struct TransportFailure: Error, Sendable {
    var reason: String
}

/// GET over Foundation's URLSession (libcurl on Linux): HTTP/1.1 and 2, TLS, gzip, keep-alive,
/// no extra package to build. Redirects are followed only to http(s) URLs on the same host, or
/// between archive.org's hosts (its downloads move to `ia800….us.archive.org`).
final class HTTPTransport: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private var session: URLSession!

    init(timeout: TimeInterval, userAgent: String, connectionsPerHost: Int) {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpMaximumConnectionsPerHost = connectionsPerHost
        // libcurl asks for gzip (and deflate) itself and unpacks the body: set here, the header
        // would turn that off and hand back compressed bytes.
        configuration.httpAdditionalHeaders = ["User-Agent": userAgent, "Accept": "application/json"]
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    deinit { session?.invalidateAndCancel() }

    func get(_ url: URL) async throws(TransportFailure) -> HTTPAnswer {
        let result: (Data, URLResponse)
        do {
            result = try await session.data(for: URLRequest(url: url))
        } catch let error as URLError {
            throw TransportFailure(reason: Self.describe(error))
        } catch {
            throw TransportFailure(reason: "request failed")
        }
        guard let response = result.1 as? HTTPURLResponse else { throw TransportFailure(reason: "not an HTTP answer") }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPAnswer(status: response.statusCode, headers: headers, body: result.0)
    }

    /// A short reason that never repeats the URL (it carries the key).
    static func describe(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: "timed out"
        case .networkConnectionLost: "connection lost before the answer was complete"
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .notConnectedToInternet: "no network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate: "TLS failed"
        case .badServerResponse: "bad server response"
        default: "network error \(error.code.rawValue)"
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        let from = task.originalRequest?.url
        completionHandler(Self.mayFollow(from: from, to: request.url) ? request : nil)
    }

    static func mayFollow(from: URL?, to: URL?) -> Bool {
        guard let to, let scheme = to.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let target = to.host?.lowercased(), let origin = from?.host?.lowercased() else { return false }
        if target == origin { return true }
        func isArchive(_ host: String) -> Bool { host == "archive.org" || host.hasSuffix(".archive.org") }
        return isArchive(origin) && isArchive(target)
    }
}
