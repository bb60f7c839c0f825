import SitegenCore

/// What uploaders write when they do not know ("unknown", "n/a", "??"): never a name. The
/// loader reads a venue or a city that is one as missing, so no page, search entry or concert
/// grouping takes it for a place; pages ask the same of the other free-text fields.
enum ArchiveValue {
    private static let placeholders: Set<String> = [
        "", "unknown", "unk", "unkn", "n/a", "na", "n.a.", "none", "?", "??", "???", "-", "--", "tba", "tbd",
        "not known", "unknown taper", "unknown source", "unknown venue", "unknown location", "venue unknown",
        "various", "null", "nil",
    ]

    /// Lowercasing can shrink text at most threefold (the Kelvin sign's three bytes become "k"):
    /// longer values cannot be placeholders, and are not lowercased to find out.
    private static let longestPlaceholder = 3 * placeholders.map(\.utf8.count).max()!

    /// The value, trimmed, or nil when it is empty or a placeholder.
    static func known(_ value: String?) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmed
        guard trimmed.utf8.count <= longestPlaceholder else { return trimmed }
        return placeholders.contains(trimmed.lowercased()) ? nil : trimmed
    }
}
