import Foundation
import Testing
@testable import SitegenCore

/// `Parallel.map` is what makes a build on N threads give the bytes of a build on one: results
/// in input order, each index worked once, a failure reported as the work's own error.
@Suite("Parallel work")
struct ParallelTests {
    /// Indexes worked, from any thread.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int: Int] = [:]

        func add(_ index: Int) { lock.withLock { counts[index, default: 0] += 1 } }
        var snapshot: [Int: Int] { lock.withLock { counts } }
    }

    @Test(arguments: [(0, 4), (1, 4), (3, 8), (1_000, 1), (1_000, 2), (1_000, 7)])
    func resultsComeInInputOrderAndEachIndexIsWorkedOnce(count: Int, jobs: Int) {
        let tally = Tally()
        // Uneven work, so threads finish their items out of order.
        let results = Parallel.map(count, jobs: jobs) { index -> String in
            tally.add(index)
            var text = ""
            for step in 0..<(index * 7919 % 13) * 50 { text = String(step &* index % 97) }
            return "\(index):\(text.isEmpty ? "-" : "+")"
        }
        #expect(results.map { Int($0.split(separator: ":")[0])! } == Array(0..<count))
        #expect(tally.snapshot == Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }))
    }

    @Test(arguments: [1, 2, 4])
    func aFailureIsThrownAsTheWorksOwnError(jobs: Int) {
        let failing = 613
        #expect(throws: SitegenError("no item \(failing)")) {
            _ = try Parallel.map(1_000, jobs: jobs) { index throws(SitegenError) -> Int in
                if index == failing { throw SitegenError("no item \(index)") }
                return index
            }
        }
    }

    /// Once `reportedProblems` items failed, workers take no new items: a build whose template
    /// fails for every page stops soon, not after rendering the rest of the site.
    @Test func workStopsAfterAFailure() {
        let tally = Tally()
        #expect(throws: SitegenError.self) {
            _ = try Parallel.map(100_000, jobs: 2) { index throws(SitegenError) -> Int in
                tally.add(index)
                if index >= 10 { throw SitegenError("bad item \(index)") }
                usleep(100)
                return index
            }
        }
        // All of them would take five seconds; a wide margin for a busy machine's scheduling.
        #expect(tally.snapshot.count < 5_000)
    }

    /// Bad inputs before that are all reported, in index order, as one error.
    @Test func everyBadInputIsReported() {
        do {
            _ = try Parallel.map(1_000, jobs: 2) { index throws(SitegenError) -> Int in
                if index % 100 == 7 { throw SitegenError("bad item \(index)", at: SourceLocation(file: "f\(index + 1000)")) }
                return index
            }
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.message) == (0..<10).map { "bad item \($0 * 100 + 7)" })
            #expect(error.description.split(separator: "\n").count == 10)
        }
    }
}
