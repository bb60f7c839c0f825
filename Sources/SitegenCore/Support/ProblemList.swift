import Foundation

/// Several problems of one run reported as one error: a build goes on past a bad input where it
/// safely can (the next file, the next section) so that one run lists everything to fix.
extension SitegenError {
    /// Every problem this error stands for: itself, then the others of its run.
    public var problems: [SitegenError] {
        var first = self
        first.others = []
        return [first] + others.flatMap(\.problems)
    }

    /// One error for `errors` (nil when there are none), each problem once, in a fixed order:
    /// the order of the files and places they name.
    public static func all(_ errors: [SitegenError]) -> SitegenError? {
        var seen = Set<String>()
        var unique: [SitegenError] = []
        for problem in errors.flatMap(\.problems) where seen.insert(problem.description).inserted { unique.append(problem) }
        unique.sort { SourceLocation.ordered($0.location, $1.location, thenBy: $0.message, $1.message) }
        guard var first = unique.first else { return nil }
        first.others = Array(unique.dropFirst())
        first.outputChanged = errors.contains { $0.outputChanged }
        return first
    }
}

/// Collects the problems of a run from threads that may report at once.
public final class ProblemLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [SitegenError] = []

    public init() {}

    public func add(_ error: SitegenError) { lock.withLock { items.append(error) } }

    /// Runs `work`; a problem it throws is kept and nil returned, so the caller goes on.
    public func attempt<T>(_ work: () throws(SitegenError) -> T) -> T? {
        do throws(SitegenError) { return try work() } catch { add(error); return nil }
    }

    /// Throws every problem collected so far as one error, if there is any.
    public func throwIfAny() throws(SitegenError) {
        if let error = SitegenError.all(lock.withLock { items }) { throw error }
    }
}
