import Foundation
import Testing
@testable import SitegenCore

/// The read-ahead thread asks for the files of the pages ahead of rendering, and only so far.
@Suite("Read-ahead")
struct ReadAheadTests {
    final class Asked: @unchecked Sendable {
        private let lock = NSLock()
        private var indexes: [Int] = []
        func add(_ index: Int) { lock.withLock { indexes.append(index) } }
        var all: [Int] { lock.withLock { indexes } }
    }

    /// Up to ten seconds, for a busy machine; returns as soon as the condition holds.
    func waitUntil(_ condition: () -> Bool) {
        for _ in 0..<5_000 where !condition() { usleep(2_000) }
    }

    @Test func asksForTheNextPagesOnlyWithinItsWindowInOrder() {
        let asked = Asked()
        let readAhead = ReadAhead(count: 10, window: 3) { index in
            asked.add(index)
            return index == 4 ? nil : "/nonexistent/\(index)"
        }
        waitUntil { asked.all.count >= 3 }
        usleep(20_000)
        #expect(asked.all == [0, 1, 2])
        for _ in 0..<4 { readAhead.advanced() }
        waitUntil { asked.all.count >= 7 }
        usleep(20_000)
        #expect(asked.all == Array(0..<7))
        readAhead.stop()
        #expect(asked.all == Array(0..<7))
    }

    @Test func finishesByItselfAfterTheLastPage() {
        let asked = Asked()
        let readAhead = ReadAhead(count: 5, window: 100) { index in
            asked.add(index)
            return nil
        }
        waitUntil { asked.all.count >= 5 }
        usleep(20_000)
        #expect(asked.all == Array(0..<5))
        readAhead.stop()
    }

    /// `stop()` returns only once the thread asks for nothing more: not while it is inside a
    /// call, and nothing is asked after.
    @Test func stopWaitsForTheThread() {
        let asked = Asked()
        let (inside, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let readAhead = ReadAhead(count: 1_000_000, window: 1_000_000) { index in
            asked.add(index)
            if index == 10 {
                inside.signal()
                release.wait()
            }
            return nil
        }
        inside.wait()
        let returned = Asked()
        Thread { readAhead.stop(); returned.add(1) }.start()
        usleep(50_000)
        #expect(returned.all.isEmpty, "stop() returned while the thread was inside a call")
        release.signal()
        waitUntil { !returned.all.isEmpty }
        #expect(returned.all == [1])
        usleep(20_000)
        #expect(asked.all == Array(0...10))
    }
}
