import SitegenCharts

/// One `--listener` value: a Last.fm user whose charts replace site.yml's list, optionally with
/// a minimum play count (`ybsc`, `ybsc:2`). Read by the charts section's own rule when the
/// command line is parsed, so that a value the section would refuse is bad usage (exit 2) before
/// any build starts; the build carries the section's typed value (`SectionOption`).
public struct ListenerOption: Sendable, Hashable {
    public let listener: ChartsSettings.Listener

    public init?(argument: String) {
        guard let listener = ChartsSettings.Listener(argument: argument) else { return nil }
        self.listener = listener
    }

    /// What the command line says about a value `init(argument:)` refused (after naming the
    /// option and the value).
    public static let expected = "expected " + ChartsSettings.Listener.expected
}
