import Foundation

/// Times the named stages of a build (load, model, pages, render, write) for the summary.
public struct StageTimes: Sendable {
    public private(set) var stages: [(name: String, seconds: Double)] = []

    public init() {}

    public mutating func measure<T, E: Error>(_ name: String, _ work: () throws(E) -> T) throws(E) -> T {
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            stages.append((name, elapsed.seconds))
        }
        return try work()
    }

    public var total: Double { stages.reduce(0) { $0 + $1.seconds } }
}
