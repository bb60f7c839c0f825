import Foundation
import SitegenCore

/// What came of one request.
enum Outcome: Sendable {
    /// Data to cache.
    case good(Data)
    /// A lasting "not found" body, cached unless a good file is there.
    case notFound(Data)
    /// Nothing usable after every try: the reason, and how many tries were made.
    case failed(String, attempts: Int)
    /// `--dry-run`: counted, not sent.
    case notSent
    /// Not sent: the service was given up on earlier in this run (`GivenUp`), for this reason.
    case skipped(String)
    /// Not sent, or its answer dropped: the fetch was stopped (its task cancelled, by Ctrl-C).
    case stopped
}

/// Sends requests politely (each service's gate), adds the key at the last moment, retries what
/// is worth retrying, and judges each answer. It never writes anything.
final class Fetcher: Sendable {
    private let transport: HTTPTransport
    private let gates: [API: HostGate]
    private let keys: [API: String]
    private let policy: RetryPolicy
    private let sleep: @Sendable (Duration) async -> Void
    /// The run's clock (`FetchOptions.now`): a Retry-After date is read against it.
    private let now: @Sendable () -> Date
    private let progress: any FetchProgress
    private let dryRun: Bool
    /// The services given up on in this run: a refused key, or no answer to request after request.
    private let givenUp = GivenUp()
    /// How many requests in a row, per service, got no answer at all after every try: a
    /// service that does not answer would otherwise take every try's full wait for each of its
    /// requests, for hours, holding the content folder's lock and every build it blocks.
    static let unansweredInARow = 3

    init(transport: HTTPTransport, limits: [API: HostLimits], keys: [API: String], policy: RetryPolicy,
         sleep: @escaping @Sendable (Duration) async -> Void, now: @escaping @Sendable () -> Date,
         progress: any FetchProgress, dryRun: Bool) {
        self.transport = transport
        gates = limits.mapValues { HostGate(requestsPerSecond: $0.requestsPerSecond, concurrency: $0.concurrency) }
        self.keys = keys
        self.policy = policy
        self.sleep = sleep
        self.now = now
        self.progress = progress
        self.dryRun = dryRun
    }

    func fetch(_ request: FetchRequest) async -> Outcome {
        if dryRun { return .notSent }
        if let reason = givenUp.reason(request.api) { return .skipped(reason) }
        if Task.isCancelled { return .stopped }
        let url = withKey(request)
        var attempt = 1
        while true {
            let gate = gates[request.api]!
            await gate.enter()
            // Stopped while it waited its turn: not sent.
            if Task.isCancelled {
                await gate.leave()
                return .stopped
            }
            let verdict: Verdict
            var retryAfter: Duration?
            var body = Data()
            var unanswered = false
            do {
                let answer = try await transport.get(url)
                await gate.leave()
                givenUp.answered(request.api)
                body = answer.body
                verdict = AnswerJudge.judge(status: answer.status, body: answer.body, expects: request.expects)
                retryAfter = RetryPolicy.retryAfter(answer.headers["retry-after"], now: now())
            } catch {
                await gate.leave()
                // A request cut short by the stop is not a failure of the service's.
                if Task.isCancelled { return .stopped }
                verdict = error.lasting ? .fail(error.reason) : .retry(error.reason)
                unanswered = !error.lasting
            }
            switch verdict {
            case .good: return .good(body)
            case .notFound: return .notFound(body)
            case .fail(let reason): return .failed(reason, attempts: attempt)
            case .keyRefused(let reason):
                // Every further request would be refused too: one failure, then silence.
                return givenUp.giveUp(request.api, because: "the key was refused")
                    ? .failed(reason + "; no more requests sent to \(request.api.displayName)", attempts: attempt) : .skipped("the key was refused")
            case .retry(let reason):
                guard attempt < policy.attempts else {
                    if unanswered, givenUp.unanswered(request.api, limit: Self.unansweredInARow) {
                        return .failed(reason + "; \(Self.unansweredInARow) requests in a row got no answer: no more requests sent to \(request.api.displayName)",
                                       attempts: attempt)
                    }
                    return .failed(reason, attempts: attempt)
                }
                guard let delay = policy.delay(after: attempt, retryAfter: retryAfter) else {
                    return .failed("\(reason), and Retry-After asks for more than \(policy.maxDelay)", attempts: attempt)
                }
                progress.retried(request.api, reason: reason, url: request.url)
                await sleep(delay)
                if Task.isCancelled { return .stopped }
                attempt += 1
            }
        }
    }

    /// The URL as sent: the key as one more query parameter. Only this copy ever holds it.
    private func withKey(_ request: FetchRequest) -> URL {
        guard let name = request.api.keyParameter, let key = keys[request.api],
              var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else { return request.url }
        let value = PercentEncoding.encoded(key)
        components.percentEncodedQuery = (components.percentEncodedQuery.map { $0 + "&" } ?? "") + name + "=" + value
        return components.url ?? request.url
    }
}

/// Services given up on, and why: one that refused its key, or left request after request
/// unanswered. The request that gives a service up reports it; the rest are skipped.
final class GivenUp: @unchecked Sendable {
    private let lock = NSLock()
    private var reasons: [API: String] = [:]
    private var unansweredRuns: [API: Int] = [:]

    func reason(_ api: API) -> String? { lock.withLock { reasons[api] } }

    /// True when this call gave the service up (the first reason stays).
    func giveUp(_ api: API, because reason: String) -> Bool {
        lock.withLock {
            guard reasons[api] == nil else { return false }
            reasons[api] = reason
            return true
        }
    }

    /// An answer came (whatever it says): the run of unanswered requests ends.
    func answered(_ api: API) { lock.withLock { unansweredRuns[api] = 0 } }

    /// One more request left unanswered after every try; true when this one gave the service up.
    func unanswered(_ api: API, limit: Int) -> Bool {
        let count = lock.withLock {
            unansweredRuns[api, default: 0] += 1
            return unansweredRuns[api]!
        }
        return count >= limit && giveUp(api, because: "\(limit) requests in a row got no answer")
    }
}

/// One service's limits: requests started per second, and requests open at once.
public struct HostLimits: Sendable, Equatable {
    public var requestsPerSecond: Double
    public var concurrency: Int

    public init(requestsPerSecond: Double, concurrency: Int) {
        self.requestsPerSecond = requestsPerSecond
        self.concurrency = concurrency
    }
}

/// What a fetch tells its display. Calls come from many tasks at once.
public protocol FetchProgress: Sendable {
    /// `count` more requests of this service are known to be needed.
    func planned(_ api: API, count: Int)
    /// One request of this service is over (answered, given up on, or counted in a dry run).
    func finished(_ api: API)
    /// A request will be sent again after a pause.
    func retried(_ api: API, reason: String, url: URL)
    /// The fetch waits for another fetch or a build of the content folder (said once).
    func waiting(_ message: String)
}
