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

    public init(content: URL, templates: URL, output: URL, date: LocalDate? = nil, baseURL: String? = nil,
                includeDrafts: Bool = false,
                workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        self.content = content
        self.templates = templates
        self.output = output
        self.date = date
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
        self.workingDirectory = workingDirectory
    }

    /// How a folder is named in messages: as given, relative to the working folder where possible.
    func displayName(_ url: URL) -> String {
        let base = OutputGuard.canonical(workingDirectory)
        let path = OutputGuard.canonical(url)
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}

/// What a build did, for the closing summary.
public struct BuildReport: Sendable {
    public var pagesWritten = 0
    public var filesCopied = 0
    public var warnings: [Warning] = []
    public var stages = StageTimes()
    public var buildDate: LocalDate?

    public init() {}

    /// "Built 128 pages and copied 9 files in 0.42 s (load 0.10 s, …), 0 warnings."
    public var summary: String {
        let times = stages.stages.map { "\($0.name) \(String(format: "%.2f", $0.seconds)) s" }.joined(separator: ", ")
        let warningText = warnings.count == 1 ? "1 warning" : "\(warnings.count) warnings"
        return "Built \(pagesWritten) pages and copied \(filesCopied) files in \(String(format: "%.2f", stages.total)) s (\(times)), \(warningText)."
    }
}
