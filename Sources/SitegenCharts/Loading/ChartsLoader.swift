import SitegenCore

/// Reads Content/charts/: the shared album.getInfo files and each listener's folder.
struct ChartsLoader {
    let context: LoadContext
    let settings: ChartsSettings
    /// Whether a cached listener that site.yml's list leaves out is warned about (not when the
    /// command line chose the listeners).
    var warnUnlisted = true

    static let root = "charts"

    /// Album.getInfo files by file name ("<mbid>.json", "<artist>--<album>.json"), and the names
    /// of every such file, "not found" answers included. Every bad file is reported, not only the first.
    func albums() throws(SitegenError) -> (info: [String: AlbumInfo], files: Set<String>) {
        var albums: [String: AlbumInfo] = [:]
        var names: Set<String> = []
        let problems = ProblemLog()
        for file in context.files(in: ChartsCacheFiles.albums, suffix: ".json", strayWarning: "album.getInfo answers named <name>.json") {
            names.insert(String(file.split(separator: "/").last ?? ""))
            guard let root = problems.attempt({ () throws(SitegenError) in try context.json(file) }) else { continue }
            if let error = LastFMError.found(in: root) {
                context.warnings.add("cached album.getInfo holds \(error); the album is shown without details",
                                     at: SourceLocation(file: context.displayPath(file)))
                continue
            }
            if let other = LastFMAnswerShape.otherMethod(in: root, expected: "album") {
                context.warnings.add("looks like a \(other) answer, not album.getInfo; the album is shown without details",
                                     at: SourceLocation(file: context.displayPath(file)))
                continue
            }
            let name = String(file.split(separator: "/").last ?? "")
            albums[name] = problems.attempt { () throws(SitegenError) in try LastFMReader.albumInfo(root, file: file, warnings: context.warnings) }
        }
        try problems.throwIfAny()
        return (albums, names)
    }

    /// The listeners to show, in settings order (or folder order), each with its cache read.
    func listeners() throws(SitegenError) -> [Listener] {
        // Folder names, but the shared ones: not listeners.
        context.warnAboutStrays(in: Self.root, expected: "a folder for each listener, and albums/") { _, isFolder in isFolder }
        let names = context.folders(in: Self.root).filter { !ChartsSection.sharedFolders.contains($0) }
        let wanted = settings.listeners ?? names.map { ChartsSettings.Listener(user: $0) }
        if let listed = settings.listeners, warnUnlisted {
            let users = Set(listed.map { $0.user.lowercased() })
            for name in names where !users.contains(name.lowercased()) {
                context.warnings.add("a cached listener that `charts: listeners:` in site.yml does not list; not shown (list it, or remove the folder)",
                                     at: SourceLocation(file: context.displayPath(Self.root + "/" + name)))
            }
        }
        var slugs = SlugRegistry(reserved: ChartsSection.sharedFolders)
        var seen: Set<String> = []
        var result: [Listener] = []
        // Every listener is read even when one has a bad file, so a run reports them all.
        let problems = ProblemLog()
        for entry in wanted {
            // Last.fm user names are case-insensitive; folders are matched the same way.
            guard let name = names.first(where: { $0 == entry.user }) ?? names.first(where: { $0.lowercased() == entry.user.lowercased() })
            else {
                guard seen.insert(entry.user.lowercased()).inserted else { continue }
                // A listener without a place in site.yml was named on the command line: the
                // warning points nowhere in the file rather than at its `charts:` block.
                let named = entry.location == nil ? " (named by the command line)" : ""
                context.warnings.add("no cache for charts listener `\(entry.user)`\(named): expected a folder \(context.displayPath(Self.root + "/" + entry.user))/ with user.json, weeklychartlist.json and weeks/; the listener's page says the charts are not available yet",
                                     at: entry.location)
                result.append(uncached(entry, slug: slugs.claim(Slug.make(entry.user, fallback: "listener"))))
                continue
            }
            guard seen.insert(name.lowercased()).inserted else { continue }
            let slug = slugs.claim(Slug.make(name, fallback: "listener"))
            if let loaded = problems.attempt({ () throws(SitegenError) in try listener(name, settings: entry, slug: slug) }) {
                result.append(loaded)
            }
        }
        try problems.throwIfAny()
        return result
    }

    /// A listener of site.yml whose folder is not in the cache (yet).
    private func uncached(_ entry: ChartsSettings.Listener, slug: String) -> Listener {
        let folder = Self.root + "/" + entry.user
        var listener = Listener(user: entry.user, slug: slug, displayName: entry.name ?? entry.user,
                                minPlays: entry.minPlays ?? settings.defaultMinPlays, profile: nil, weekList: WeekList([]),
                                cached: [], friends: [], folder: folder, userFile: folder + "/user.json",
                                chartListFile: folder + "/weeklychartlist.json")
        listener.hasCache = false
        return listener
    }

    private func listener(_ name: String, settings entry: ChartsSettings.Listener, slug: String) throws(SitegenError) -> Listener {
        let folder = Self.root + "/" + name
        let userFile = folder + "/" + ChartsCacheFiles.user
        let chartListFile = folder + "/" + ChartsCacheFiles.weekList
        let friendsFile = folder + "/" + ChartsCacheFiles.friends
        let files = [ChartsCacheFiles.user, ChartsCacheFiles.weekList, ChartsCacheFiles.friends]
        context.warnAboutStrays(in: folder, expected: files.joined(separator: ", ") + " and \(ChartsCacheFiles.weeks)/") { name, isFolder in
            isFolder ? name == ChartsCacheFiles.weeks : files.contains(name)
        }

        // Each file is read even when another is bad, so a run reports them all.
        let problems = ProblemLog()
        let profile = problems.attempt { () throws(SitegenError) in
            try optionalJSON(userFile, what: "user.getInfo", rootKey: "user", warnIfMissing: true).map { root throws(SitegenError) in
                try LastFMReader.profile(root, warnings: context.warnings)
            }
        } ?? nil
        let listed = problems.attempt { () throws(SitegenError) in
            try optionalJSON(chartListFile, what: "user.getWeeklyChartList", rootKey: "weeklychartlist").map { root throws(SitegenError) in try LastFMReader.chartList(root) }
        } ?? nil
        if listed == nil, !context.exists(chartListFile) {
            context.warnings.add("no weeklychartlist.json: only the cached weeks are known, so \"N years ago\" can miss weeks that are not cached",
                                 at: SourceLocation(file: context.displayPath(folder)))
        }
        let friends = problems.attempt { () throws(SitegenError) in
            try optionalJSON(friendsFile, what: "user.getFriends", rootKey: "friends").map { root throws(SitegenError) in try LastFMReader.friends(root) }
        } ?? nil
        let cached = problems.attempt { () throws(SitegenError) in try cachedWeeks(folder + "/" + ChartsCacheFiles.weeks) } ?? []
        try problems.throwIfAny()
        let displayName = entry.name ?? profile?.realName ?? profile?.name ?? name
        return Listener(user: name, slug: slug, displayName: displayName,
                        minPlays: entry.minPlays ?? settings.defaultMinPlays, profile: profile,
                        weekList: WeekList((listed ?? []) + cached.map(\.week)), cached: cached, friends: friends ?? [],
                        folder: folder, userFile: userFile, chartListFile: chartListFile)
    }

    /// Every `weeks/<from>-<to>.json`, oldest first; an error body is kept as such, with a warning.
    private func cachedWeeks(_ folder: String) throws(SitegenError) -> [CachedWeek] {
        let files = context.files(in: folder, suffix: ".json", strayWarning: "<from>-<to>.json files")
        let context = context
        // Twenty years of weeks are a thousand files per listener: read them on every core.
        let weeks = try context.parallelMap(files.count) { index throws(SitegenError) -> CachedWeek? in
            let file = files[index]
            let name = String(file.split(separator: "/").last ?? "")
            guard let week = ChartWeek(fileName: name) else {
                context.warnings.add("ignored: a cached week is named <from>-<to>.json in Unix seconds, like 1108296000-1108900800.json",
                                     at: SourceLocation(file: context.displayPath(file)))
                return nil
            }
            let root = try context.json(file)
            if let error = LastFMError.found(in: root) {
                context.warnings.add("cached weekly album chart holds \(error); the week is shown as not available, not as empty",
                                     at: SourceLocation(file: context.displayPath(file)))
                return CachedWeek(week: week, file: file, content: .error(error))
            }
            if let other = LastFMAnswerShape.otherMethod(in: root, expected: "weeklyalbumchart") {
                context.warnings.add("looks like a \(other) answer, not a weekly album chart; the week is shown as not available",
                                     at: SourceLocation(file: context.displayPath(file)))
                return CachedWeek(week: week, file: file, content: .error(LastFMError(code: 0, message: "not a weekly album chart")))
            }
            if let (problem, place) = LastFMReader.chartProblem(root) {
                context.warnings.add("\(problem); the week is shown as not available, not as empty", at: place)
                return CachedWeek(week: week, file: file, content: .error(LastFMError(code: 0, message: "not a readable chart")))
            }
            let entries = try LastFMReader.albumChart(root, warnings: context.warnings)
            let attributes = root["weeklyalbumchart"]["@attr"]
            if let from = attributes["from"].int, let to = attributes["to"].int, (from, to) != (week.from, week.to) {
                context.warnings.add("the chart inside is for \(from)-\(to), not for the week its name says; the name is used",
                                     at: attributes.location)
            }
            return CachedWeek(week: week, file: file, content: .chart(entries))
        }
        // A listener's weeks name the same few hundred albums over and over: keep one copy of each name.
        var pool = StringPool()
        return weeks.compactMap { $0?.interned(in: &pool) }.sorted { $0.week < $1.week }
    }

    /// A listener file, or nil when it is missing (a warning if `warnIfMissing`) or holds an
    /// error body (always a warning naming the file and the error).
    private func optionalJSON(_ file: String, what: String, rootKey: String, warnIfMissing: Bool = false) throws(SitegenError) -> JSONCursor? {
        guard context.exists(file) else {
            if warnIfMissing {
                context.warnings.add("no \(what) response cached: the listener is shown without profile details",
                                     at: SourceLocation(file: context.displayPath(file)))
            }
            return nil
        }
        let root = try context.json(file)
        if let error = LastFMError.found(in: root) {
            context.warnings.add("cached \(what) holds \(error); it is left out", at: SourceLocation(file: context.displayPath(file)))
            return nil
        }
        if let other = LastFMAnswerShape.otherMethod(in: root, expected: rootKey) {
            context.warnings.add("looks like a \(other) answer, not \(what); it is left out", at: SourceLocation(file: context.displayPath(file)))
            return nil
        }
        return root
    }
}
