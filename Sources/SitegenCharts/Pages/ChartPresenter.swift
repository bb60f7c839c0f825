import Foundation
import SitegenCore

/// Turns one listener's charts into the pieces of view models, and says which content files
/// each piece is made from. Made once per listener per build.
struct ChartPresenter: Sendable {
    let section: ChartsSection
    let charts: ListenerCharts
    let zone: TimeZone
    /// The words, dates and numbers of the site's language.
    let language: SiteLanguage
    /// Week page segments: the week's start, or "<from>-<to>" when two cached weeks share a start.
    private let weekSegments: [ChartWeek: String]

    init(section: ChartsSection, charts: ListenerCharts, config: SiteConfig) {
        self.section = section
        self.charts = charts
        self.zone = config.timeZone
        self.language = config.localization
        var starts: [Int: Int] = [:]
        for week in charts.weeks { starts[week.cached.week.from, default: 0] += 1 }
        var segments: [ChartWeek: String] = [:]
        for week in charts.weeks.map(\.cached.week) {
            segments[week] = (starts[week.from] ?? 0) > 1 ? "\(week.from)-\(week.to)" : "\(week.from)"
        }
        weekSegments = segments
    }

    var listener: Listener { charts.listener }

    // MARK: Paths

    var listenerPath: SitePath { .page("charts", listener.slug) }
    func yearPath(_ years: Int) -> SitePath { .page("charts", listener.slug, "\(years)-years-ago") }
    func weekPath(_ week: ChartWeek) -> SitePath {
        .page("charts", listener.slug, "weeks", weekSegments[week] ?? "\(week.from)")
    }
    func albumPath(_ key: AlbumKey) -> SitePath {
        .page("charts", listener.slug, "albums", charts.albumSlugs[key] ?? key.slug)
    }

    // MARK: Pieces

    func range(_ week: ChartWeek) -> RangeModel {
        let start = Date(timeIntervalSince1970: TimeInterval(week.from))
        // `to` is the first second of the next week: the last day shown is the one before it.
        let end = Date(timeIntervalSince1970: TimeInterval(week.to - 1))
        return RangeModel(fromText: language.date(LocalDate(start, in: zone), .short), fromISO: DateText.rfc3339(start, in: zone),
                         toText: language.date(LocalDate(end, in: zone), .short),
                         toISO: DateText.rfc3339(Date(timeIntervalSince1970: TimeInterval(week.to)), in: zone))
    }

    /// The first instant of each year (1 January, site zone) after `first` starts and up to
    /// `last`: the year lines of an album's chart.
    func yearStarts(_ first: ChartWeek?, _ last: ChartWeek?) -> [Int] {
        guard let first, let last else { return [] }
        let firstYear = LocalDate(Date(timeIntervalSince1970: TimeInterval(first.from)), in: zone).year
        let lastYear = LocalDate(Date(timeIntervalSince1970: TimeInterval(last.to)), in: zone).year
        guard firstYear < lastYear else { return [] }
        return (firstYear + 1...lastYear).compactMap { year in
            LocalDate(year: year, month: 1, day: 1).map { Int($0.startInstant(in: zone).timeIntervalSince1970) }
        }
    }

    func rangeText(_ week: ChartWeek) -> String {
        let view = range(week)
        return language.text("range", ["from": view.fromText, "to": view.toText])
    }

    /// The album's cover at `pixels` display size, from album.getInfo (see `artInputs`).
    func art(_ key: AlbumKey, artist: String, album: String, pixels: Int) -> ArtModel? {
        guard let cover = section.cover(key, forAtLeast: pixels * 2) else { return nil }
        return ArtModel(src: cover.src, local: cover.local, width: pixels, height: pixels,
                       alt: language.text("cover_alt", ["album": album, "artist": artist]))
    }

    /// What `art` is made from (`ChartsSection.coverInputs`).
    func artInputs(_ key: AlbumKey) -> [Dependency] {
        section.coverInputs(key)
    }

    /// The listener's avatar at `pixels` display size: the copy in static/ when fetch made one
    /// (named for the listener's folder, whose user.json links it), else Last.fm's.
    func avatar(pixels: Int) -> ArtModel? {
        guard let variant = listener.profile?.avatar?.best(forAtLeast: pixels * 2) else { return nil }
        let image = section.avatars.source(stem: listener.user, remote: variant.url)
        return ArtModel(src: image.src, local: image.local, width: pixels, height: pixels,
                       alt: language.text("avatar_alt", ["name": listener.displayName]))
    }

    /// "1 play", "88,865 plays".
    func plays(_ count: Int) -> String { language.count("plays", count) }

    /// An album's artist, or the language's words for one Last.fm does not name.
    func artistName(_ name: String?) -> String { name ?? language.text("unknown_artist") }

    /// "1 year ago", "12 years ago".
    func yearsAgo(_ years: Int) -> String { language.count("years_ago", years) }

    func movement(_ movement: Movement) -> MovementModel {
        switch movement {
        case .new: return MovementModel(text: language.text("movement_new"), label: language.text("movement_new_label"), kind: "new")
        case .reentry: return MovementModel(text: language.text("movement_reentry"), label: language.text("movement_reentry_label"), kind: "reentry")
        case .same: return MovementModel(text: "=", label: language.text("movement_same_label"), kind: "same")
        case .up(let places): return MovementModel(text: "▲ " + language.number(places), label: language.count("movement_up", places), kind: "up")
        case .down(let places): return MovementModel(text: "▼ " + language.number(places), label: language.count("movement_down", places), kind: "down")
        }
    }

    /// What `table` makes a week's table from beside the chart (`ListenerChartInputs.week`):
    /// the covers of the albums it shows. Separate from `table` so that a page can list its
    /// inputs long before its model is made.
    func tableInputs(_ week: ListenerCharts.Week) -> Set<Dependency> {
        var inputs: Set<Dependency> = []
        // Every album of the week is on the page: those under the minimum behind a control.
        for entry in week.entries {
            inputs.formUnion(artInputs(entry.key))
        }
        return inputs
    }

    /// The week's albums with at least the listener's minimum plays, and, for the visitor to
    /// show, those under it: every album of the week is in the page and every album page is
    /// linked from a week.
    func table(_ week: ListenerCharts.Week) -> ChartTableModel {
        var rows: [ChartRowModel] = []
        var hiddenRows: [ChartRowModel] = []
        for (index, entry) in week.entries.enumerated() {
            // An album of unknown plays is shown: its rank says it was played.
            let shown = (entry.plays ?? listener.minPlays) >= listener.minPlays
            let artist = artistName(entry.artist)
            var cover = art(entry.key, artist: artist, album: entry.album, pixels: 56)
            // The first rows are in the first screenful; the rest load as they scroll into view.
            cover?.eager = shown && rows.count < 3
            let row = ChartRowModel(
                standing: (week.tied[index] ? "=" : "") + language.number(week.standings[index]),
                art: cover,
                artist: artist, album: entry.album, albumHref: albumPath(entry.key).value, albumId: entry.key.slug,
                plays: entry.plays.map { plays($0) },
                movement: week.movements.map { movement($0[index]) }
            )
            if shown { rows.append(row) } else { hiddenRows.append(row) }
        }
        let hidden = hiddenRows.count
        let threshold = listener.minPlays
        let hiddenText = hidden == 0 ? nil
            : language.count("show_hidden_albums", hidden, ["plays": plays(threshold)])
        let compared = week.comparedWith.map { language.text("movement_compared", ["range": rangeText($0)]) }
        return ChartTableModel(rows: rows, hiddenRows: hiddenRows, hiddenText: hiddenText, comparedText: compared,
                              totalText: week.totalPlays.map { language.text("week_total", ["albums": language.count("albums", week.entries.count), "plays": plays($0)]) }
                                  ?? language.text("week_total_unknown", ["albums": language.count("albums", week.entries.count)]),
                              playsUnknown: week.totalPlays == nil)
    }

    /// The week's most played album at or above the minimum plays.
    func top(_ week: ListenerCharts.Week) -> TopAlbumModel? {
        guard let entry = week.entries.first(where: { ($0.plays ?? listener.minPlays) >= listener.minPlays }) else { return nil }
        let artist = artistName(entry.artist)
        return TopAlbumModel(art: art(entry.key, artist: artist, album: entry.album, pixels: 56),
                            artist: artist, album: entry.album, albumHref: albumPath(entry.key).value,
                            plays: entry.plays.map { plays($0) })
    }

    /// The empty state of a cached chart, or nil when it has albums to show.
    func emptyNotice(_ week: ListenerCharts.Week) -> NoticeModel? {
        guard week.entries.isEmpty else { return nil }
        return emptyNotice(week.cached.week)
    }

    /// The notice of a week with no albums: before the listener joined, or no plays.
    func emptyNotice(_ week: ChartWeek) -> NoticeModel {
        var notice = NoticeModel(kind: "empty", listenerName: listener.displayName)
        if listener.isBeforeRegistration(week), let registered = listener.profile?.registered {
            let date = LocalDate(Date(timeIntervalSince1970: TimeInterval(registered)), in: zone)
            notice.joinedText = language.date(date, .long)
            notice.joinedISO = date.description
        } else {
            notice.noPlays = true
        }
        return notice
    }

    /// A week Last.fm lists whose chart is not cached, or is cached as an error body: the
    /// visitor is pointed at the nearest weeks that have a chart.
    func unavailableNotice(_ week: ChartWeek) -> NoticeModel {
        var notice = NoticeModel(kind: "unavailable", listenerName: listener.displayName)
        notice.unavailable = true
        let link = { (other: ListenerCharts.Week) in LinkModel(title: rangeText(other.cached.week), href: weekPath(other.cached.week).value) }
        // Weeks are sorted oldest first: the first one after `week` splits them (a linear
        // search: only the few weeks that could not be loaded ask).
        let after = charts.weeks.firstIndex { week < $0.cached.week } ?? charts.weeks.count
        notice.olderWeek = charts.neighbour(of: after, step: -1).map(link)
        notice.newerWeek = charts.neighbour(of: after - 1, step: 1).map(link)
        return notice
    }
}
