import SitegenCore

/// What one listener's week and album pages depend on, as `Dependency` values for the
/// incremental build. Values computed from many cache files (movement, neighbours, album
/// URLs) are listed as `.derived` fingerprints of the values themselves, so a page is
/// re-rendered exactly when what it shows could have changed, without naming every file of the
/// listener. Made once per listener by the pages step: the charts' domain model knows nothing
/// of builds.
struct ListenerChartInputs: Sendable {
    /// What every week and album page of the listener depends on: settings, profile, week
    /// list, which weeks are cached and which hold charts (week links, neighbours), and every
    /// album's page segment (album links).
    let base: Set<Dependency>
    private let charts: ListenerCharts
    /// Per cached week, in `charts.weeks` order: the week compared with and each album's movement.
    private let movements: [Dependency]

    init(_ charts: ListenerCharts) {
        self.charts = charts
        let listener = charts.listener
        let weekIndex = Fingerprint.of(charts.weeks.map {
            "\($0.cached.week.fileName):\($0.cached.entries == nil ? "error" : "chart")"
        }.joined(separator: ","))
        let albumSlugs = Fingerprint.of(charts.albumSlugs.sorted { $0.key < $1.key }.map { "\($0.key.id)=\($0.value)" }.joined(separator: "\n"))
        base = [.setting(ChartsSection.key), .content(listener.userFile), .content(listener.chartListFile),
                .derived("charts/\(listener.slug)/weeks", fingerprint: weekIndex),
                .derived("charts/\(listener.slug)/album-slugs", fingerprint: albumSlugs)]
        movements = charts.weeks.map { week in
            .derived("charts/\(listener.slug)/movement/\(week.cached.week.from)-\(week.cached.week.to)",
                     fingerprint: Fingerprint.of("\(week.comparedWith.map(\.fileName) ?? "-")|" + (week.movements ?? []).map { "\($0)" }.joined(separator: ",")))
        }
    }

    /// A cached week's own file and its movement against the earlier weeks.
    func week(_ week: ListenerCharts.Week) -> Set<Dependency> {
        guard let index = charts.position[week.cached.week] else { return [.content(week.cached.file)] }
        return [.content(week.cached.file), movements[index]]
    }

    /// An album's weeks, plays and standings: its album page.
    func appearances(_ key: AlbumKey) -> Dependency {
        let text = (charts.appearances[key] ?? []).map { "\($0.week.fileName):\($0.plays.map(String.init) ?? "?"):\($0.standing)" }.joined(separator: ",")
        return .derived("charts/\(charts.listener.slug)/album/\(charts.albumSlugs[key] ?? key.slug)", fingerprint: Fingerprint.of(text))
    }
}
