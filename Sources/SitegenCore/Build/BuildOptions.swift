import Foundation

/// What one build is asked to do: where to read and write, and the one clock.
public struct BuildOptions: Sendable {
    public var content: URL
    public var templates: URL
    public var output: URL
    /// The build date; nil means today in the site's time zone.
    public var date: LocalDate?
    /// Overrides site.yml's base_url (for a preview host, say).
    public var baseURL: String?
    public var includeDrafts: Bool
    /// The folder the command runs in: never usable as the output.
    public var workingDirectory: URL
    /// Ignore the last build's manifest: load, render and write everything.
    public var clean: Bool
    /// How many threads loading and rendering work on (`--jobs`); walking and hashing source
    /// files and reading posts use a few times more.
    public var jobs: Int
    /// Sections' own values from the command line (`--listener`), each of its section's type.
    public var sectionOptions: [any SectionOption] = []
    /// The process ends after this build (`sitegen build`): the source digests (a path for each
    /// source file, hundreds of thousands at archive scale) are left for the exit to reclaim, as
    /// compilers leave their trees, rather than freed one path at a time while nothing waits on it.
    public var endsProcess = false
    /// Set by `check`: the report names the post each page is made from (`BuildReport.pageSources`).
    public var recordsPageSources = false
    /// Set by `watch` and `serve`: while a `sitegen fetch` writes the content, the build waits
    /// for it, as long as this says to go on (false once the watcher stops), and says so once
    /// through `announce`. A one-shot build stops at once instead; a watcher's next build would
    /// otherwise wait for the next edit, long after the fetch ended.
    public var waitForFetch: (keepWaiting: @Sendable () -> Bool, announce: @Sendable (String) -> Void)?

    public init(content: URL, templates: URL, output: URL, date: LocalDate? = nil, baseURL: String? = nil,
                includeDrafts: Bool = false,
                workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                clean: Bool = false, jobs: Int = Parallel.cores) {
        self.content = content
        self.templates = templates
        self.output = output
        self.date = date
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
        self.workingDirectory = workingDirectory
        self.clean = clean
        self.jobs = max(1, jobs)
    }

    /// How a folder is named in messages: as given, relative to the working folder where possible.
    public func displayName(_ url: URL) -> String {
        let base = OutputGuard.canonical(workingDirectory)
        let path = OutputGuard.canonical(url)
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}

/// What a build did, for the closing summary and for tests of the incremental build.
public struct BuildReport: Sendable {
    /// Pages rendered through templates or made in code this time.
    public var rendered: [String] = []
    /// Files whose bytes changed and were written (pages and copied files).
    public var written: [String] = []
    /// Output files left as they were.
    public var unchanged = 0
    /// Files removed because their page or source is gone.
    public var removed: [String] = []
    /// Sections kept from the last build without loading them.
    public var reusedSections: [String] = []
    public var totalFiles = 0
    public var warnings: [Warning] = []
    /// Cached files the loaded sections' pages would use and lack (`Section.missingCache`).
    public var missingCache: [CacheNeed] = []
    public var stages = StageTimes()
    /// Of the pages stage, the seconds the sections spent on their search records and index
    /// files, summed over the sections (they are made side by side).
    public var searchIndexSeconds: Double = 0
    public var buildDate: LocalDate?
    /// Why everything was rebuilt, when it was ("--clean", "no manifest", "an interrupted build").
    public var fullBuildReason: String?
    /// With `BuildOptions.recordsPageSources`: each page made from one markdown file, by its
    /// output file ("news/a/index.html" → "Content/news/2026-11-01-a.md"), so that `check`
    /// names the post an author edits, not only the page.
    public var pageSources: [String: String] = [:]

    public init() {}

    /// "24 files: 3 rendered, 2 written, 22 unchanged, 0 removed · 0 warnings · 0.05 s (load …)"
    public var summary: String {
        let times = stages.stages.map { stage in
            let time = "\(stage.name) \(String(format: "%.2f", stage.seconds)) s"
            return stage.name == "pages" && searchIndexSeconds > 0 ? time + " (search index \(String(format: "%.2f", searchIndexSeconds)) s)" : time
        }.joined(separator: ", ")
        var text = "\(totalFiles.counted("file")): \(rendered.count.counted("page")) rendered, \(written.count) written, \(unchanged) unchanged, \(removed.count) removed"
        if let fullBuildReason { text += " (full build: \(fullBuildReason))" }
        text += " · \(warnings.count.counted("warning")) · \(String(format: "%.2f", stages.total)) s (\(times))"
        return text
    }
}
