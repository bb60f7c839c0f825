import Foundation
import SitegenCore

/// The open pages' event streams (Server-Sent Events) and what a build tells them:
/// `reload` with the changed files' URL paths after a build that changed any, `failed` with the
/// error after a failed build (and to a page that connects while the last build is failed),
/// `fixed` after the first good build that follows a failed one. A build that changed nothing
/// sends nothing.
public final class LiveReloadHub: @unchecked Sendable {
    private let lock = NSLock()
    private var streams: [UUID: AsyncStream<[UInt8]>.Continuation] = [:]
    /// The `failed` event while the last build is failed.
    private var failure: [UInt8]?

    public init() {}

    /// How many pages are listening.
    public var listeners: Int { lock.withLock { streams.count } }

    /// A new listener's stream: a comment that opens it at once, then the events.
    func subscribe() -> AsyncStream<[UInt8]> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(16))
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.streams.removeValue(forKey: id) }
        }
        lock.withLock {
            continuation.yield(Array(": sitegen live reload\nretry: 500\n\n".utf8))
            if let failure { continuation.yield(failure) }
            streams[id] = continuation
        }
        return stream
    }

    /// After a successful build: the URL paths of the files it wrote or removed, and where the
    /// site moved from and to when base_url's path changed (the open pages go to their new address).
    public func buildSucceeded(changed: [String], moved: (from: String, to: String)? = nil) {
        lock.withLock {
            if failure != nil {
                failure = nil
                send(Self.event("fixed", Payload()))
            }
            if !changed.isEmpty || moved != nil {
                send(Self.event("reload", Payload(changed: changed, movedFrom: moved?.from, movedTo: moved?.to)))
            }
        }
    }

    public func buildFailed(_ error: SitegenError) {
        let payload = Payload(message: error.message, file: error.location?.file, line: error.location?.line,
                              column: error.location?.column, jsonPath: error.location?.jsonPath,
                              text: error.description)
        lock.withLock {
            failure = Self.event("failed", payload)
            send(failure!)
        }
    }

    /// How often every stream gets a comment: only a write finds that a page has gone, so
    /// without it a closed page's connection would stay open until the next build's event.
    static let heartbeatInterval = Duration.seconds(15)

    /// A comment to every stream (`heartbeatInterval`), which pages ignore.
    func heartbeat() {
        lock.withLock { send(Array(":\n\n".utf8)) }
    }

    /// Ends every stream (the server is stopping).
    func finishAll() {
        let open = lock.withLock { defer { streams = [:] }; return Array(streams.values) }
        for stream in open { stream.finish() }
    }

    private func send(_ event: [UInt8]) {
        for stream in streams.values { stream.yield(event) }
    }

    struct Payload: Encodable {
        var changed: [String]?
        var movedFrom: String?
        var movedTo: String?
        var message: String?
        var file: String?
        var line: Int?
        var column: Int?
        var jsonPath: String?
        var text: String?
    }

    /// One event in the text/event-stream format; JSON has no raw line breaks, so one data line.
    private static func event(_ name: String, _ payload: Payload) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = (try? encoder.encode(payload)) ?? Data("{}".utf8)
        return Array("event: \(name)\ndata: ".utf8) + Array(json) + Array("\n\n".utf8)
    }
}
