/// The politeness of one service: at most `width` requests at once, and request starts at least
/// `interval` apart (5 a second for Last.fm means one every 200 ms), so bursts never happen.
actor HostGate {
    private let interval: Duration
    private let width: Int
    private var nextStart = ContinuousClock.now
    private var active = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(requestsPerSecond: Double, concurrency: Int) {
        interval = .nanoseconds(Int64(1e9 / max(requestsPerSecond, 0.001)))
        width = max(1, concurrency)
    }

    /// Waits for a free slot and for the request's turn; pair with `leave()`.
    func enter() async {
        if active < width {
            active += 1
        } else {
            // `leave()` hands its slot straight to the first in line.
            await withCheckedContinuation { waiting.append($0) }
        }
        let now = ContinuousClock.now
        let start = max(now, nextStart)
        nextStart = start + interval
        if start > now { try? await Task.sleep(until: start, clock: .continuous) }
    }

    func leave() {
        if waiting.isEmpty {
            active -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
