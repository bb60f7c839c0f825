import Foundation

/// The sections `--only` can name.
public enum FetchSection: String, Sendable, CaseIterable {
    case archive, charts, events, images
}

/// Everything a fetch is run with; tests replace the clock, the sleeper and the retry timing.
public struct FetchOptions: Sendable {
    public var content: URL
    public var sections: Set<FetchSection> = Set(FetchSection.allCases)
    public var dryRun = false
    public var baseURLs: [API: URL] = [:]
    /// From LASTFM_API_KEY and SONGKICK_API_KEY; a section without its key is skipped.
    public var keys: [API: String] = [:]
    /// "sitegen/0.1.0": the site's base_url is added to it.
    public var product: String
    /// The one clock: which chart week is still running.
    public var now: @Sendable () -> Date = { Date() }
    public var retry = RetryPolicy()
    public var sleep: @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    /// How long to wait for another fetch or a build of the content folder to finish (`--wait`);
    /// zero stops at once.
    public var lockWait: Duration = .seconds(600)

    public init(content: URL, product: String) {
        self.content = content
        self.product = product
    }
}
