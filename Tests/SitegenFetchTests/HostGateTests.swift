import XCTest
@testable import SitegenFetch

/// The gate itself, timed where it decides rather than where a server sees it: a sleep never wakes
/// early, so every start is at or after its slot, whatever the machine's load.
final class HostGateTests: XCTestCase {
    func testStartsKeepTheirSlotsAndTheWidthIsNeverExceeded() async {
        let gate = HostGate(requestsPerSecond: 50, concurrency: 3)
        let log = GateLog()
        let opened = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    await gate.enter()
                    await log.started(at: .now)
                    try? await Task.sleep(for: .milliseconds(5))
                    await log.finished()
                    await gate.leave()
                }
            }
        }
        let starts = await log.starts.sorted()
        XCTAssertEqual(starts.count, 12)
        for (k, start) in starts.enumerated() {
            XCTAssertGreaterThanOrEqual(start, opened + .milliseconds(20 * k), "request \(k) started before its slot")
        }
        let widest = await log.widest
        XCTAssertLessThanOrEqual(widest, 3)
    }
}

private actor GateLog {
    var starts: [ContinuousClock.Instant] = []
    var open = 0
    var widest = 0

    func started(at instant: ContinuousClock.Instant) {
        starts.append(instant)
        open += 1
        widest = max(widest, open)
    }

    func finished() { open -= 1 }
}
