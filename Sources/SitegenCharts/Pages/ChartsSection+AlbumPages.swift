import SitegenCore

extension ChartsSection {
    /// /charts/<user>/albums/<album>/: every cached week the album charted in, from the index
    /// built once per listener (never by walking all weeks per album).
    func albumPages(_ presenter: ChartPresenter, inputs listenerInputs: ListenerChartInputs, config: SiteConfig) -> [Page] {
        let charts = presenter.charts
        let listener = presenter.listener
        let language = presenter.language
        return charts.appearances.keys.sorted().map { key in
            let appearances = charts.appearances[key] ?? []
            let known = charts.albumNames[key]
            let names = (artist: presenter.artistName(known?.artist), album: known?.album ?? language.text("unknown_album"))
            var inputs = listenerInputs.base.union([listenerInputs.appearances(key)])
            inputs.formUnion(presenter.artInputs(key))
            // The cover shared links and search engines show (a dictionary look-up: the album's info is already read).
            let share = presenter.section.cover(key, forAtLeast: 600)?.absolute(config)
            // Made when the page renders, like the week pages' models, from what is known now:
            // the album's names and its weeks (its info and art are in the files `inputs` names).
            let listed = AlbumListingModel(artist: names.artist, album: names.album, appearances: appearances)
            let model = LazyModel(known: listed) { whole in
                guard whole else { return listed }
                let info = presenter.section.albumInfo(key).info
                // Weeks whose plays are unknown are in the table (saying so), not in the sums or bars.
                let known = appearances.compactMap(\.plays)
                let total = known.checkedSum()
                let rows = appearances.reversed().map { appearance in
                    AlbumWeekRowModel(weekHref: presenter.weekPath(appearance.week).value, range: presenter.range(appearance.week),
                                     plays: appearance.plays.map { presenter.plays($0) }, standing: language.number(appearance.standing))
                }
                let bars = appearances.compactMap { appearance in
                    appearance.plays.map {
                        PlaysChartModel.Bar(from: appearance.week.from, to: appearance.week.to, label: presenter.range(appearance.week).fromText, plays: $0)
                    }
                }
                let maxPlays = known.max() ?? 0
                let weeks = appearances.count
                return AlbumPageModel(
                    listenerName: listener.displayName, listenerHref: presenter.listenerPath.value,
                    artist: names.artist, album: names.album,
                    art: presenter.art(key, artist: names.artist, album: names.album, pixels: 150).map { cover in
                        var cover = cover
                        cover.eager = true   // the page's header
                        return cover
                    }, lastfmURL: info?.url,
                    tags: Array((info?.tags ?? []).prefix(6)), summary: info?.summary,
                    totalText: total.map { language.text(known.count < weeks ? "album_total_at_least" : "album_total",
                                                         ["plays": presenter.plays($0), "weeks": language.count("weeks", weeks)]) } ?? "",
                    rows: Array(rows),
                    chart: PlaysChartModel(bars, title: language.text("album_chart_title", ["name": listener.displayName, "album": names.album,
                                                                                             "artist": names.artist]),
                                           yearStarts: presenter.yearStarts(appearances.first?.week, appearances.last?.week), language: language),
                    chartMax: presenter.plays(maxPlays),
                    chartFirst: appearances.first.map { presenter.range($0.week).fromText },
                    chartLast: appearances.count > 1 ? appearances.last.map { presenter.range($0.week).toText } : nil,
                    structuredData: JSONLD.fields([
                        "@context": .string("https://schema.org"),
                        "@type": .string("MusicAlbum"),
                        "name": .string(names.album),
                        "byArtist": .fields(["@type": .string("MusicGroup"), "name": .string(names.artist)]),
                        "image": share.map(JSONLD.string),
                        "sameAs": info?.url.map(JSONLD.string),
                        "genre": info?.tags.first.map(JSONLD.string),
                    ]).scriptText,
                    // The latest week's chart lists the album as a row: starring it here keeps that row.
                    favourite: FavouriteModel(kind: .album, id: key.slug, title: names.album, href: presenter.albumPath(key).value,
                                             detail: names.artist, from: rows.first?.weekHref))
            }
            var meta = meta(language.text("album_title", ["album": names.album, "artist": names.artist, "name": listener.displayName]))
            meta.image = share
            return .html(presenter.albumPath(key), template: "charts/album", model: model, meta: meta, inputs: inputs)
        }
    }
}

/// What an album page is made from that is known when the list is made.
struct AlbumListingModel: Sendable {
    let artist: String
    let album: String
    let appearances: [ListenerCharts.Appearance]
}
