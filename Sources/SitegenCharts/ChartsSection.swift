import SitegenCore

/// "This week N years ago": Last.fm weekly album charts for the listeners of site.yml.
public struct ChartsSection: Section {
    public static let key = "charts"
    /// Folders of `charts/` that are never a listener's: `albums` holds the shared album.getInfo
    /// files; `artists` is where artist.getInfo answers were kept before they had a folder of
    /// their own (`LastFMArtistFiles.oldFolder`), reserved only as long as that old folder is
    /// recognised. The loader skips them, and `sitegen fetch` never writes a listener there.
    public static let sharedFolders: Set<String> = Set([ChartsCacheFiles.albums, LastFMArtistFiles.oldFolder].compactMap {
        $0.split(separator: "/").last.map(String.init)
    })

    public let settings: ChartsSettings
    public let listeners: [ListenerCharts]
    /// album.getInfo responses by cache file name.
    public let albums: [String: AlbumInfo]
    /// The names of every album.getInfo file, "not found" answers included: what `sitegen
    /// fetch` will not ask for again (`AlbumKey.answerToAsk`).
    var albumFiles: Set<String> = []
    /// The covers `sitegen fetch` copied into static/, by album.getInfo file stem.
    public let covers: LocalImages
    /// The listeners' avatars it copied, by listener folder (user.getInfo is `<user>/user.json`).
    public let avatars: LocalImages

    /// The album.getInfo and user.getInfo answers, and the copies of the images they link.
    public static var inputFolders: [String] { [key, LocalImages.contentFolder(coverKind), LocalImages.contentFolder(avatarKind)] }
    static let coverKind = "albums"
    static let avatarKind = "users"

    /// Loads the listeners of site.yml, or those given on the command line (`--listener ybsc:2`).
    public static func load(_ context: LoadContext) throws(SitegenError) -> ChartsSection? {
        try load(context, listeners: context.sectionOptions.values(ChartsSettings.Listener.self))
    }

    /// Loads with the listeners replaced (a command line's `--listener ybsc:2`); nil keeps site.yml's.
    public static func load(_ context: LoadContext, listeners override: [ChartsSettings.Listener]?) throws(SitegenError) -> ChartsSection? {
        // A bad setting is listed with the cache's problems, not instead of them: the defaults
        // stand in (every cached listener) while the cache is read.
        let problems = ProblemLog()
        var settings = problems.attempt { () throws(SitegenError) in
            try ChartsSettings(context.settings(for: key), warnings: context.warnings)
        } ?? ChartsSettings()
        let covers = LocalImages.load(kind: coverKind, context: context)
        let avatars = LocalImages.load(kind: avatarKind, context: context)
        // A charts/ folder or charts settings without any listener's cache yet still make the
        // charts page and its link, with an empty state; with neither the section is left out.
        let configured = context.exists(ChartsLoader.root) || context.settings(for: key) != nil || override != nil
        if let override { settings.listeners = override }
        var loader = ChartsLoader(context: context, settings: settings)
        loader.warnUnlisted = override == nil
        // Both are read even when one fails, so a run reports every bad file.
        let albums = problems.attempt { () throws(SitegenError) in try loader.albums() } ?? (info: [:], files: [])
        let loaded = problems.attempt { () throws(SitegenError) in try loader.listeners() }
        try problems.throwIfAny()
        let listeners = (loaded ?? []).map(ListenerCharts.init)
        guard !listeners.isEmpty || configured else { return nil }
        if !listeners.isEmpty { warnUnavailableWeeks(listeners, settings: settings, context: context) }
        var section = ChartsSection(settings: settings, listeners: listeners, albums: albums.info, covers: covers, avatars: avatars)
        section.albumFiles = albums.files
        return section
    }

    /// The album.getInfo of an album, and the cache files looked at to find it (present or not:
    /// adding the mbid file later changes the page).
    public func albumInfo(_ key: AlbumKey) -> (info: AlbumInfo?, files: [String]) {
        var files: [String] = []
        for name in key.cacheNames {
            files.append(ChartsCacheFiles.albums + "/" + name)
            if let info = albums[name] { return (info, files) }
        }
        return (nil, files)
    }

    /// The album's cover at a display size of at least `pixels`: the copy in static/ when
    /// fetch made one (it is named for the album.getInfo file the album's info came from), else
    /// Last.fm's. Lazy pages that show it (weeks, albums) list `coverInputs`.
    func cover(_ key: AlbumKey, forAtLeast pixels: Int) -> ImageSource? {
        let found = albumInfo(key)
        guard let remote = found.info?.artwork?.best(forAtLeast: pixels)?.url, let file = found.files.last else { return nil }
        return covers.source(stem: Self.stem(file), remote: remote)
    }

    /// The album.getInfo files `cover` looks for (the ones missing too: caching one changes the
    /// page) and which copy of the cover there is.
    func coverInputs(_ key: AlbumKey) -> [Dependency] {
        let found = albumInfo(key)
        var inputs = found.files.map(Dependency.content)
        if found.info != nil, let file = found.files.last { inputs.append(covers.input(stem: Self.stem(file))) }
        return inputs
    }

    /// "charts/albums/<name>.json" → "<name>".
    private static func stem(_ file: String) -> String {
        String(file.split(separator: "/").last!.dropLast(".json".count))
    }

    public var navigation: NavItem? { NavItem(key: Self.key, path: .page("charts"), order: 30) }

    /// Albums on chart pages without a cached album.getInfo (their pages show no art, tags or
    /// summary): the answer `sitegen fetch` would ask for next (`AlbumKey.answerToAsk`); none
    /// for an album whose "not found" it takes as final.
    public func missingCache() -> [CacheNeed] {
        guard !listeners.isEmpty else {
            return [CacheNeed(file: ChartsLoader.root + "/",
                              purpose: "listeners' weekly charts (<user>/), filled by `sitegen fetch`: until then the charts page shows an empty state")]
        }
        var needs: Set<CacheNeed> = []
        for listener in listeners where !listener.listener.hasCache {
            needs.insert(CacheNeed(file: listener.listener.folder + "/",
                                   purpose: "the weekly charts of \(listener.listener.user), filled by `sitegen fetch`: until then the listener's page says they are not available yet"))
        }
        for listener in listeners {
            for key in listener.appearances.keys where albumInfo(key).info == nil {
                // What fetch would ask for: none once an answer it takes as final is cached.
                let written = listener.albumNames[key]
                guard let answer = key.answerToAsk(artistKnown: written?.artist != nil,
                                                   cached: { (albumFiles.contains($0), albums[$0] != nil) }) else { continue }
                let names = written.map { names in names.artist.map { "\(names.album) by \($0)" } ?? names.album } ?? "an album"
                needs.insert(CacheNeed(file: ChartsCacheFiles.albums + "/" + answer.name,
                                       purpose: "album.getInfo of \(names): art, tags and summary on its chart pages"))
            }
        }
        return needs.sorted()
    }
}

/// The kinds of favourite the section's stars carry.
extension FavouriteModel.Kind {
    static let album = Self("album")
}
