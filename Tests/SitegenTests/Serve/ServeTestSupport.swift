import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Sitegen
import SitegenCore
import SitegenServe

/// A `PreviewSession` on a free loopback port, serving a `TemporarySite` built under /music/,
/// rebuilding on a thread of its own with a short quiet time, as `sitegen serve` runs it.
final class ServedSite: @unchecked Sendable {
    let site: TemporarySite
    let session: PreviewSession
    /// "http://127.0.0.1:PORT/music/"
    let address: String
    let origin: String
    private let lock = NSLock()
    private var finishedBuilds = 0
    private let watching = DispatchSemaphore(value: 0)

    static let siteYML = "title: Served\nbase_url: https://example.org/music/\ntime_zone: UTC\n"

    init(_ files: [String: String], polling: Bool = false) async throws {
        var files = files
        if files["Content/site.yml"] == nil { files["Content/site.yml"] = Self.siteYML }
        site = try TemporarySite(files)
        var settings = PreviewSession.Settings()
        settings.port = 0
        settings.quiet = .milliseconds(30)
        settings.polling = polling
        settings.pollInterval = .milliseconds(100)
        let counter = Counter()
        session = try PreviewSession(options: site.options(), settings: settings) { options, memory, _ in
            defer { counter.add() }
            return Result { () throws(SitegenError) in try Sitegen.build(options, memory: memory) }
        }
        builds = counter
        address = try await session.start()
        let url = URL(string: address)!
        origin = "\(url.scheme!)://\(url.host!):\(url.port!)"
        let session = self.session
        let watching = self.watching
        _ = await onThread { session.buildFirst() }
        Thread.detachNewThread {
            try? session.watch()
            watching.signal()
        }
    }

    let builds: Counter

    func stop() async {
        await session.stop()
        watching.wait()
        site.delete()
    }

    /// Writes a file as editors that save by renaming do (in one step: a file written in place
    /// may be seen, and built, half-written on a busy machine), and waits for the build it causes.
    func edit(_ text: String, at path: String) async throws {
        let before = builds.value
        try Data(text.utf8).write(to: site.root.appendingPathComponent(path), options: .atomic)
        try await waitUntil("a build after writing \(path)") { self.builds.value > before }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }
}

/// Runs blocking work on a thread of its own, off Swift's few cooperative threads (which the
/// server's connections need meanwhile).
func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}

struct TimedOut: Error, CustomStringConvertible {
    let description: String
}

func waitUntil(_ what: String, timeout: Double = 15, _ condition: @escaping @Sendable () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { throw TimedOut(description: "timed out waiting for \(what)") }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// A response as a client sees it.
struct Fetched: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// URLSession without following redirects, so a test sees the 302 itself.
final class HTTPClient: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private(set) var session: URLSession!

    override init() {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func fetch(_ url: String, method: String = "GET", headers: [String: String] = [:]) async throws -> Fetched {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
        return Fetched(status: http.statusCode, headers: headers, body: data)
    }
}

/// A page's event stream, read through URLSession as it arrives: the events in order.
final class EventStreamClient: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Event: Sendable, Equatable {
        let name: String
        let data: String
    }

    private let lock = NSLock()
    private var buffer = ""
    private var received: [Event] = []
    private var opened = false
    private var session: URLSession!
    private var task: URLSessionDataTask!

    init(_ url: String) async throws {
        super.init()
        session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        task = session.dataTask(with: URL(string: url)!)
        task.resume()
        try await waitUntil("the event stream to open") { self.lock.withLock { self.opened } }
    }

    var events: [Event] { lock.withLock { received } }

    func close() {
        task.cancel()
        session.invalidateAndCancel()
    }

    /// Waits for the event after the first `count` ones.
    func event(after count: Int, timeout: Double = 15) async throws -> Event {
        try await waitUntil("event \(count + 1)", timeout: timeout) { self.events.count > count }
        return events[count]
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock {
            buffer += String(decoding: data, as: UTF8.self)
            while let end = buffer.range(of: "\n\n") {
                let block = buffer[..<end.lowerBound]
                buffer = String(buffer[end.upperBound...])
                var name = "message"
                var lines: [Substring] = []
                for line in block.split(separator: "\n") {
                    if line.hasPrefix(":") { opened = true }
                    else if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    else if line.hasPrefix("data: ") { lines.append(line.dropFirst(6)) }
                }
                if !lines.isEmpty { received.append(Event(name: name, data: lines.joined(separator: "\n"))) }
            }
        }
    }
}

/// curl, a real client that sends a path exactly as given (`--path-as-is`): URLSession, like
/// browsers, removes `..` segments before sending, so it cannot make these attempts. Run on a
/// thread of its own: waiting for it must not hold one of the few threads the server needs.
func curlStatus(_ url: String) async throws -> (status: Int, body: String) {
    try await onThread { Result { try curlStatusNow(url) } }.get()
}

func curlStatusNow(_ url: String, headers: [String] = []) throws -> (status: Int, body: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["curl", "-s", "--max-time", "30", "--path-as-is", "-w", "\n%{http_code}"] + headers.flatMap { ["-H", $0] } + [url]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
}
