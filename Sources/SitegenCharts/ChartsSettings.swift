import SitegenCore

/// The `charts:` mapping of site.yml:
/// ```yaml
/// charts:
///   min_plays: 1            # default threshold for every listener (default 1)
///   years_back_limit: 25    # optional: no "N years ago" pages beyond this N
///   listeners:
///     - user: ybsc          # the folder Content/charts/ybsc/
///       name: Chris         # optional display name (else the real name, else the user)
///       min_plays: 2        # optional, overrides the default
///     - rj                  # a plain user name works too
/// ```
/// Without `listeners`, every folder of Content/charts/ except `albums` and `artists` is a listener.
public struct ChartsSettings: Sendable {
    public struct Listener: Sendable, Hashable {
        public var user: String
        public var name: String?
        public var minPlays: Int?
        /// Where site.yml lists the listener, for warnings about it; nil from the command line.
        /// Not part of what makes two listeners equal.
        public var location: SourceLocation?

        public init(user: String, name: String? = nil, minPlays: Int? = nil) {
            self.user = user
            self.name = name
            self.minPlays = minPlays
        }

        public static func == (lhs: Listener, rhs: Listener) -> Bool {
            lhs.user == rhs.user && lhs.name == rhs.name && lhs.minPlays == rhs.minPlays
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(user)
            hasher.combine(name)
            hasher.combine(minPlays)
        }

        /// What a value `init(argument:)` refuses should have been.
        public static let expected = "a Last.fm user name, optionally with a minimum play count of at least 1 (ybsc or ybsc:2)"

        /// A command-line form: "ybsc" or "ybsc:2" (user and minimum plays): `--listener`.
        public init?(argument: String) {
            let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
            guard let user = parts.first, ChartsSettings.isUserName(String(user)), parts.count <= 2 else { return nil }
            if parts.count == 2 {
                guard let plays = Int(parts[1]), plays >= 1 else { return nil }
                self.init(user: String(user), minPlays: plays)
            } else {
                self.init(user: String(user))
            }
        }
    }

    /// nil: every cached listener.
    public var listeners: [Listener]?
    public var defaultMinPlays: Int
    public var yearsBackLimit: Int?

    public init(listeners: [Listener]? = nil, defaultMinPlays: Int = 1, yearsBackLimit: Int? = nil) {
        self.listeners = listeners
        self.defaultMinPlays = defaultMinPlays
        self.yearsBackLimit = yearsBackLimit
    }

    static let knownKeys: Set<String> = ["listeners", "min_plays", "years_back_limit"]
    static let listenerKeys: Set<String> = ["user", "name", "min_plays"]

    /// Reads the mapping; unknown keys are warnings, wrong types errors with file and line,
    /// every bad key reported, not only the first.
    public init(_ mapping: YAMLMapping?, warnings: WarningLog) throws(SitegenError) {
        var settings = ChartsSettings()
        guard let mapping else {
            self = settings
            return
        }
        mapping.warnUnknownKeys(known: Self.knownKeys, context: "charts settings", into: warnings)
        let problems = ProblemLog()
        problems.attempt { () throws(SitegenError) in
            if let value = mapping["min_plays"] { settings.defaultMinPlays = try value.int("min_plays", in: 1...Int.max) }
        }
        problems.attempt { () throws(SitegenError) in
            if let value = mapping["years_back_limit"] { settings.yearsBackLimit = try value.int("years_back_limit", in: 1...Int.max) }
        }
        problems.attempt { () throws(SitegenError) in
            guard let items = try mapping.list("listeners") else { return }
            var listeners: [Listener] = []
            for item in items {
                if let listener = problems.attempt({ () throws(SitegenError) in try Self.listener(item, warnings: warnings) }) {
                    listeners.append(listener)
                }
            }
            settings.listeners = listeners
        }
        try problems.throwIfAny()
        self = settings
    }

    /// One entry of `listeners`: a user name, or a mapping with `user`, `name` and `min_plays`.
    private static func listener(_ item: YAMLValue, warnings: WarningLog) throws(SitegenError) -> Listener {
        if let user = try? item.string("user") {
            try checkUserName(user, at: item)
            var listener = Listener(user: user)
            listener.location = item.location
            return listener
        }
        let entry = try item.mapping("listeners")
        entry.warnUnknownKeys(known: listenerKeys, context: "a charts listener", into: warnings)
        guard let user = try entry.string("user"), !user.isEmpty else {
            throw SitegenError("expected a Last.fm user name for `user` in each of `listeners`", at: item.location)
        }
        try checkUserName(user, at: entry["user"] ?? item)
        var listener = Listener(user: user, name: try entry.string("name"))
        if let value = entry["min_plays"] { listener.minPlays = try value.int("min_plays", in: 1...Int.max) }
        listener.location = item.location
        return listener
    }

    /// A Last.fm user name as it can name a cache folder: letters, digits, `_`, `-` and `.`,
    /// starting with a letter or digit (Last.fm's own are stricter). `..` or a `/` would name
    /// a folder outside charts/.
    static func isUserName(_ user: String) -> Bool {
        guard let first = user.unicodeScalars.first, user.unicodeScalars.count <= 64, !user.contains(".."),
              ("0"..."9").contains(first) || ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return user.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }
    }

    private static func checkUserName(_ user: String, at value: YAMLValue) throws(SitegenError) {
        guard isUserName(user) else {
            throw SitegenError("expected a Last.fm user name (letters, digits, _, - and .) for `user`, found '\(user)'", at: value.location)
        }
    }
}

/// `--listener ybsc:2`: a listener whose charts replace site.yml's list.
extension ChartsSettings.Listener: SectionOption {
    public static let optionName = "listener"
    public var argument: String { minPlays.map { "\(user):\($0)" } ?? user }
}
