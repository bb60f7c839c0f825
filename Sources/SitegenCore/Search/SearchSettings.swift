/// `search:` in site.yml: whether the site has a search page and index, and what is indexed.
///
/// ```yaml
/// search: false                  # no search box, page or index
/// search:
///   kinds: [artist, concert, song, post]   # index only these (default: every kind)
/// ```
public struct SearchSettings: Sendable, Hashable {
    public var enabled = true
    /// The kinds to index; nil for all of them.
    public var kinds: Set<String>?

    public init(enabled: Bool = true, kinds: Set<String>? = nil) {
        self.enabled = enabled
        self.kinds = kinds
    }

    public func indexes(_ kind: String) -> Bool { enabled && (kinds?.contains(kind) ?? true) }

    static func parse(_ value: YAMLValue?, warnings: WarningLog) throws(SitegenError) -> SearchSettings {
        guard let value else { return SearchSettings() }
        if let flag = try? value.bool("search") { return SearchSettings(enabled: flag) }
        guard let mapping = try? value.mapping("search") else { throw value.error("true, false or a mapping (enabled, kinds)", key: "search") }
        mapping.warnUnknownKeys(known: ["enabled", "kinds"], context: "search settings", into: warnings)
        var settings = SearchSettings()
        if let enabled = try mapping.bool("enabled") { settings.enabled = enabled }
        if let value = mapping["kinds"], let kinds = try mapping.stringList("kinds") {
            if kinds.isEmpty {
                warnings.add("`search: kinds` lists nothing: the search page will find nothing (`search: false` leaves it out)", at: value.location)
            }
            settings.kinds = Set(kinds)
        }
        return settings
    }

    /// Warns about each kind `search: kinds` (the settings' `value`) lists that no section
    /// indexes: the sections are the build's to know (`Section.searchKinds`), not site.yml's.
    static func warnUnknownKinds(_ value: YAMLValue?, known: [String], warnings: WarningLog) {
        guard let mapping = try? value?.mapping("search"), let listed = mapping["kinds"],
              let kinds = try? mapping.stringList("kinds") else { return }
        // Each unknown kind at its own place in the list (a single kind is the value itself).
        let places = (try? listed.list("kinds"))?.map(\.location) ?? []
        for (index, kind) in kinds.enumerated() where !known.contains(kind) {
            warnings.add("unknown search kind `\(kind)` (known: \(known.joined(separator: ", ")))",
                         at: index < places.count ? places[index] : listed.location)
        }
    }
}
