import SitegenCore

extension ChartsSection {
    /// /charts/<user>/albums/<album>/: every cached week the album charted in, from the index
    /// built once per listener (never by walking all weeks per album).
    func albumPages(_ presenter: ChartPresenter) -> [Page] {
        let charts = presenter.charts
        let listener = presenter.listener
        let language = presenter.language
        return charts.appearances.keys.sorted().map { key in
            let appearances = charts.appearances[key] ?? []
            let names = charts.albumNames[key] ?? (artist: language.text("unknown_artist"), album: language.text("unknown_album"))
            var inputs = presenter.baseInputs.union([charts.appearanceInput(key)])
            inputs.formUnion(presenter.artInputs(key))
            // Made when the page renders, like the week pages' models.
            let model = LazyModel {
                let info = presenter.section.albumInfo(key).info
                let total = appearances.reduce(0) { $0 + $1.plays }
                let rows = appearances.reversed().map { appearance in
                    AlbumWeekRowView(weekHref: presenter.weekPath(appearance.week).value, range: presenter.range(appearance.week),
                                     plays: presenter.plays(appearance.plays), standing: language.number(appearance.standing))
                }
                let bars = appearances.map {
                    PlaysChartSVG.Bar(from: $0.week.from, to: $0.week.to, label: presenter.range($0.week).fromText, plays: $0.plays)
                }
                let maxPlays = appearances.map(\.plays).max() ?? 0
                let weeks = appearances.count
                return AlbumPageView(
                    listenerName: listener.displayName, listenerHref: presenter.listenerPath.value,
                    artist: names.artist, album: names.album,
                    art: presenter.art(key, artist: names.artist, album: names.album, pixels: 150).map { cover in
                        var cover = cover
                        cover.eager = true   // the page's header
                        return cover
                    }, lastfmURL: info?.url,
                    tags: Array((info?.tags ?? []).prefix(6)), summary: info?.summary,
                    totalText: language.text("album_total", ["plays": presenter.plays(total), "weeks": language.count("weeks", weeks)]),
                    rows: Array(rows),
                    chartSVG: PlaysChartSVG.make(bars, title: language.text("album_chart_title", ["name": listener.displayName, "album": names.album,
                                                                                                   "artist": names.artist]),
                                                 yearStarts: presenter.yearStarts(appearances.first?.week, appearances.last?.week)),
                    chartMax: presenter.plays(maxPlays),
                    chartFirst: appearances.first.map { presenter.range($0.week).fromText },
                    chartLast: appearances.count > 1 ? appearances.last.map { presenter.range($0.week).toText } : nil,
                    structuredData: JSONLD.fields([
                        "@context": .string("https://schema.org"),
                        "@type": .string("MusicAlbum"),
                        "name": .string(names.album),
                        "byArtist": .fields(["@type": .string("MusicGroup"), "name": .string(names.artist)]),
                        "image": info?.artwork?.best(forAtLeast: 600).map { .string($0.url) },
                        "sameAs": info?.url.map(JSONLD.string),
                        "genre": info?.tags.first.map(JSONLD.string),
                    ]).scriptText,
                    favourite: FavouriteView(kind: .album, id: key.slug, title: names.album, href: presenter.albumPath(key).value,
                                             detail: names.artist))
            }
            // The cover shared links show (a dictionary look-up: the album's info is already read).
            var meta = meta(language.text("album_title", ["album": names.album, "artist": names.artist, "name": listener.displayName]))
            meta.image = presenter.section.albumInfo(key).info?.artwork?.best(forAtLeast: 600)?.url
            return .html(presenter.albumPath(key), template: "charts/album", model: model, meta: meta, inputs: inputs)
        }
    }
}
