import Foundation

/// What a section's loader gets: where Content/ is, the site settings and its own, the clock.
public struct LoadContext: Sendable {
    public let contentDirectory: URL
    /// `contentDirectory`'s path, which file paths are joined to as text: loaders read a file
    /// per recording, and a URL made for each asks the file system whether it is a folder.
    private let contentPath: String
    /// How Content/ is named in messages ("Content").
    public let contentName: String
    public let config: SiteConfig
    public let clock: BuildClock
    public let includeDrafts: Bool
    public let warnings: WarningLog
    /// How many threads a loader may use (`--jobs`).
    public let jobs: Int
    /// Sections' own command-line values (`sectionOptions.values(ChartsSettings.Listener.self)`).
    public let sectionOptions: [any SectionOption]
    /// Values kept from earlier builds (`FileMemo`: in memory while watching, else the memo
    /// file); nil for a context made outside a build (tests).
    let memo: FileMemo.Session?
    /// Paths below Content/ that the build's walk refused (links out of it, special files, files
    /// over the size limit): already reported, so listings leave them out and nothing reads them.
    let refused: Set<String>
    /// Problems found while listing folders (a folder that cannot be read is not an empty one);
    /// the build reports them with the sections' own errors.
    let problems: ProblemLog

    public init(contentDirectory: URL, contentName: String, config: SiteConfig, clock: BuildClock,
                includeDrafts: Bool, warnings: WarningLog, jobs: Int = Parallel.cores, sectionOptions: [any SectionOption] = []) {
        self.init(contentDirectory: contentDirectory, contentName: contentName, config: config, clock: clock,
                  includeDrafts: includeDrafts, warnings: warnings, jobs: jobs, sectionOptions: sectionOptions, memo: nil)
    }

    init(contentDirectory: URL, contentName: String, config: SiteConfig, clock: BuildClock, includeDrafts: Bool,
         warnings: WarningLog, jobs: Int, sectionOptions: [any SectionOption], memo: FileMemo.Session?,
         refused: Set<String> = [], problems: ProblemLog = ProblemLog()) {
        self.contentDirectory = contentDirectory
        self.contentPath = contentDirectory.path
        self.contentName = contentName
        self.config = config
        self.clock = clock
        self.includeDrafts = includeDrafts
        self.warnings = warnings
        self.jobs = jobs
        self.sectionOptions = sectionOptions
        self.memo = memo
        self.refused = refused
        self.problems = problems
    }

    /// The same context with another warning log: each section collects its own warnings, so
    /// the incremental build can repeat them when it keeps the section without loading it.
    func with(warnings: WarningLog) -> LoadContext {
        LoadContext(contentDirectory: contentDirectory, contentName: contentName, config: config, clock: clock,
                    includeDrafts: includeDrafts, warnings: warnings, jobs: jobs, sectionOptions: sectionOptions, memo: memo,
                    refused: refused, problems: problems)
    }

    /// What `make` returns for one content file (a path relative to Content/), kept between
    /// builds (`FileMemo`) until the file or the settings change; the warnings that making it
    /// gave are reported again on every reuse. `make` must read nothing but the file and this
    /// context. A value that is `MemoText` is also kept between processes.
    public func memo<T: Sendable>(_ file: String, _ make: (LoadContext) throws(SitegenError) -> T) throws(SitegenError) -> T {
        guard let memo, let digest = memo.sources.content(file) else { return try make(self) }
        let stamp = Digest.of(["\(digest)", "\(memo.settings)", "\(T.self)"])
        if let entry = memo.memo.entry(file, stamp: stamp) {
            if let value = entry.value as? T {
                for warning in entry.warnings { warnings.add(warning) }
                return value
            }
            // From the memo file: its text made into the value (entries there gave no warnings).
            if let stored = entry.value as? FileMemo.Stored, let type = T.self as? any MemoText.Type,
               let value = type.init(memoText: stored.text) as? T {
                return value
            }
        }
        let log = WarningLog()
        let value = try make(with(warnings: log))
        let made = log.sorted
        for warning in made { warnings.add(warning) }
        memo.memo.store(FileMemo.Entry(stamp: stamp, value: value, warnings: made), for: file)
        return value
    }

    /// Runs `work` for every index on up to `jobs` threads; results in index order.
    public func parallelMap<T>(_ count: Int, _ work: @Sendable (Int) throws(SitegenError) -> T) throws(SitegenError) -> [T] {
        try Parallel.map(count, jobs: jobs, work)
    }

    /// `parallelMap` for work that is mostly reading small files (news posts), on the threads
    /// that read (`Parallel.readersPerJob` for each of `jobs`): a file the page cache no longer
    /// holds is a wait for the disk, and more threads wait at once.
    public func parallelRead<T>(_ count: Int, _ work: @Sendable (Int) throws(SitegenError) -> T) throws(SitegenError) -> [T] {
        try Parallel.map(count, jobs: jobs * Parallel.readersPerJob, work)
    }

    /// The section's own mapping in site.yml, if it has one.
    public func settings(for key: String) -> YAMLMapping? { config.sectionSettings[key] }

    public func url(_ relativePath: String) -> URL { contentDirectory.appendingPathComponent(relativePath) }

    /// The bytes of a content file ("news/a.md"); a failure names the file and the system's reason.
    public func bytes(of relativePath: String) throws(SitegenError) -> Data {
        try FileBytes.read(contentPath + "/" + relativePath, displayPath: displayPath(relativePath), limit: config.maxFileBytes)
    }

    /// "Content/news/2026-11-20-hello.md": the name of a content file in messages.
    public func displayPath(_ relativePath: String) -> String { contentName + "/" + relativePath }

    /// Whether the build's walk refused the path (see `refused`): nothing may read it.
    public func isRefused(_ relativePath: String) -> Bool { refused.contains(relativePath) }

    public func exists(_ relativePath: String) -> Bool { FileManager.default.fileExists(atPath: url(relativePath).path) }

    /// The files directly inside a folder of Content/ whose names end with `suffix`, as paths
    /// relative to Content/, sorted so that every build sees them in the same order.
    public func files(in folder: String, suffix: String) -> [String] {
        // A folder named like a file ("search-1.json/") is not one: reading it would stop the build.
        entries(in: folder).filter { !$0.isFolder && $0.name.hasSuffix(suffix) }.map { folder + "/" + $0.name }
    }

    /// The sub-folders of a folder of Content/, sorted, hidden ones left out.
    public func folders(in folder: String) -> [String] {
        entries(in: folder).filter(\.isFolder).map(\.name)
    }

    /// Warns about each visible entry of `folder` that `isExpected` (given its name and whether it
    /// is a folder) does not take: a cache folder's stray file or folder is not read, and the
    /// owner hears so (a calendar page saved as calendar-2.json.orig, a folder where none belongs).
    /// `expected` says what belongs there.
    public func warnAboutStrays(in folder: String, expected: String, isExpected: (_ name: String, _ isFolder: Bool) -> Bool) {
        for (name, isFolder) in entries(in: folder) where !isExpected(name, isFolder) {
            warnAboutStray(name, in: folder, expected: expected)
        }
    }

    /// The files of a folder that holds nothing else, those whose names end with `suffix`, as
    /// `files(in:suffix:)` gives them; every other entry is a stray, as `warnAboutStrays` says.
    /// One listing: such a folder can hold a file per recording or per week.
    public func files(in folder: String, suffix: String, strayWarning expected: String) -> [String] {
        var files: [String] = []
        for (name, isFolder) in entries(in: folder) {
            if !isFolder && name.hasSuffix(suffix) {
                files.append(folder + "/" + name)
            } else {
                warnAboutStray(name, in: folder, expected: expected)
            }
        }
        return files
    }

    private func warnAboutStray(_ name: String, in folder: String, expected: String) {
        // A README says what a folder is for (`sitegen init` puts one in each): no stray.
        guard !name.uppercased().hasPrefix("README") else { return }
        warnings.add("not read: \(displayPath(folder))/ holds \(expected); ignored", at: SourceLocation(file: displayPath(folder + "/" + name)))
    }

    /// The visible entries of a folder of Content/, sorted by name, with whether each is a folder;
    /// those the build's walk refused are left out (it reported them). None when the folder does
    /// not exist, and a problem when it exists but cannot be listed: an unreadable cache folder
    /// is not an empty one. The kind comes from the listing itself (d_type), not from a stat of
    /// each entry: an archive's items/ holds a file per recording.
    private func entries(in folder: String) -> [(name: String, isFolder: Bool)] {
        guard !refused.contains(folder) else { return [] }
        let path = contentPath + "/" + folder
        guard let directory = opendir(path) else {
            let code = errno
            if code == ENOTDIR {
                problems.add(SitegenError("a file where a folder belongs: move it away, or make this a folder",
                                          at: SourceLocation(file: displayPath(folder))))
            } else if code != ENOENT {
                problems.add(SitegenError("cannot list the folder (\(String(cString: strerror(code))))", at: SourceLocation(file: displayPath(folder))))
            }
            return []
        }
        defer { closedir(directory) }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            guard entry.pointee.d_name.0 != 0x2E else { continue }   // hidden, "." and ".."
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(validatingCString: $0) }
            }
            // A name that is not UTF-8 the walk refused already.
            guard let name, !refused.contains(folder + "/" + name) else { continue }
            var isFolder = entry.pointee.d_type == DT_DIR
            if entry.pointee.d_type == DT_UNKNOWN || entry.pointee.d_type == DT_LNK {
                var info = stat()
                isFolder = stat(path + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            entries.append((name, isFolder))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// Reads and parses a cached JSON response.
    public func json(_ relativePath: String) throws(SitegenError) -> JSONCursor {
        try JSONCursor.load(contentPath + "/" + relativePath, displayPath: displayPath(relativePath), limit: config.maxFileBytes,
                            warnings: warnings)
    }
}
