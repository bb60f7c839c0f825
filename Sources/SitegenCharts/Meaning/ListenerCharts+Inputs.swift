import SitegenCore

/// What chart pages depend on, as `Dependency` values for the incremental build. Values
/// computed from many cache files (movement, neighbours, album URLs) are listed as `.derived`
/// fingerprints of the values themselves, so a page is re-rendered exactly when what it shows
/// could have changed, without naming every file of the listener.
extension ListenerCharts {
    /// Which weeks are cached and which hold charts: week links, neighbours, years with data.
    var weekIndexInput: Dependency {
        .derived("charts/\(listener.slug)/weeks", fingerprint: weekIndexFingerprint)
    }

    /// Every album's page segment: album links.
    var albumSlugsInput: Dependency {
        .derived("charts/\(listener.slug)/album-slugs", fingerprint: albumSlugFingerprint)
    }

    /// A cached week's own file and its movement against the earlier weeks.
    func inputs(for week: Week) -> Set<Dependency> {
        guard let index = position[week.cached.week] else { return [.content(week.cached.file)] }
        return [.content(week.cached.file),
                .derived("charts/\(listener.slug)/movement/\(week.cached.week.from)-\(week.cached.week.to)",
                         fingerprint: movementFingerprints[index])]
    }

    /// An album's weeks, plays and standings: its album page.
    func appearanceInput(_ key: AlbumKey) -> Dependency {
        let text = (appearances[key] ?? []).map { "\($0.week.fileName):\($0.plays.map(String.init) ?? "?"):\($0.standing)" }.joined(separator: ",")
        return .derived("charts/\(listener.slug)/album/\(albumSlugs[key] ?? key.slug)", fingerprint: Fingerprint.of(text))
    }
}
