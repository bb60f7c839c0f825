import Foundation

/// How long to wait before asking again: exponential backoff with jitter (so many clients that
/// failed together do not come back together), never less than the server's `Retry-After`.
public struct RetryPolicy: Sendable {
    /// Tries in all, the first included.
    public var attempts: Int
    /// The first pause; each further one doubles it.
    public var baseDelay: Duration
    /// No pause is longer, whatever `Retry-After` says: a server asking for more is given up on.
    public var maxDelay: Duration
    /// A number in 0..<1 for the jitter; injected so tests are repeatable.
    public var random: @Sendable () -> Double

    public init(attempts: Int = 5, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(120),
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.attempts = attempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.random = random
    }

    /// The pause after failed try `attempt` (1-based): base × 2^(attempt−1), scaled by a random
    /// factor in [0.5, 1), and at least `retryAfter`. nil: `Retry-After` asks for too long.
    func delay(after attempt: Int, retryAfter: Duration?) -> Duration? {
        if let retryAfter, retryAfter > maxDelay { return nil }
        let exponential = baseDelay * (1 << min(attempt - 1, 20))
        let jittered = exponential * (0.5 + random() / 2)
        return min(max(jittered, retryAfter ?? .zero), maxDelay)
    }

    /// `Retry-After`: seconds, or an HTTP date (RFC 9110 §10.2.3) measured against `now`.
    static func retryAfter(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(max(0, Int64(date.timeIntervalSince(now) * 1000)))
    }
}
