import SitegenCore

extension ChartsSection {
    /// /charts/<user>/albums/<album>/: every cached week the album charted in, from the index
    /// built once per listener (never by walking all weeks per album).
    func albumPages(_ presenter: ChartPresenter) -> [Page] {
        let charts = presenter.charts
        let listener = presenter.listener
        return charts.appearances.keys.sorted().map { key in
            let appearances = charts.appearances[key] ?? []
            let names = charts.albumNames[key] ?? (artist: "Unknown artist", album: "Unknown album")
            var inputs = presenter.baseInputs.union([charts.appearanceInput(key)])
            inputs.formUnion(presenter.artInputs(key))
            // Made when the page renders, like the week pages' models.
            let model = LazyModel {
                let info = presenter.section.albumInfo(key).info
                let total = appearances.reduce(0) { $0 + $1.plays }
                let rows = appearances.reversed().map { appearance in
                    AlbumWeekRowView(weekHref: presenter.weekPath(appearance.week).value, range: presenter.range(appearance.week),
                                     plays: ChartPresenter.plays(appearance.plays), standing: "\(appearance.standing)")
                }
                let bars = appearances.map { PlaysChartSVG.Bar(label: presenter.range($0.week).fromText, plays: $0.plays) }
                let weeks = appearances.count
                return AlbumPageView(
                    listenerName: listener.displayName, listenerHref: presenter.listenerPath.value,
                    artist: names.artist, album: names.album,
                    art: presenter.art(key, artist: names.artist, album: names.album, pixels: 150), lastfmURL: info?.url,
                    tags: Array((info?.tags ?? []).prefix(6)), summary: info?.summary,
                    totalText: "\(ChartPresenter.plays(total)) in \(weeks) cached \(weeks == 1 ? "week" : "weeks")",
                    rows: Array(rows),
                    chartSVG: PlaysChartSVG.make(bars, title: "\(listener.displayName)’s plays of \(names.album) by \(names.artist), week by week"),
                    favourite: FavouriteView(kind: .album, id: key.slug, title: names.album, href: presenter.albumPath(key).value,
                                             detail: names.artist))
            }
            return .html(presenter.albumPath(key), template: "charts/album", model: model,
                         meta: meta("\(names.album) by \(names.artist) · \(listener.displayName)"), inputs: inputs)
        }
    }
}
