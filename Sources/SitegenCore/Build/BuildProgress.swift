/// Receives a build's progress: the command line shows it, tests and libraries ignore it.
/// Called from several threads at once during rendering.
public protocol BuildProgress: Sendable {
    func stageStarted(_ name: String, total: Int)
    func advanced(by count: Int)
    func stageFinished(_ name: String, seconds: Double)
    /// A line for `--verbose`.
    func detail(_ message: String)
}

public struct SilentProgress: BuildProgress {
    public init() {}
    public func stageStarted(_ name: String, total: Int) {}
    public func advanced(by count: Int) {}
    public func stageFinished(_ name: String, seconds: Double) {}
    public func detail(_ message: String) {}
}
