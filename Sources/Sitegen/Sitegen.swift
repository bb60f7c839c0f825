import SitegenCore

/// The engine's public face for the command line and for tests.
public enum Sitegen {
    public static let version = "0.1.0"

    /// "sitegen 0.1.0", also written into every page's generator meta tag.
    public static var generator: String { "sitegen \(version)" }

    /// Builds the site described by `options` with every registered section.
    /// `memory` carries what one build leaves for the next in a long-running process (`watch`).
    public static func build(_ options: BuildOptions, progress: any BuildProgress = SilentProgress(),
                             memory: BuildMemory? = nil) throws(SitegenError) -> BuildReport {
        try SiteBuilder(options: options, sections: SectionRegistry.all, generator: generator, progress: progress,
                        memory: memory).build()
    }
}
