import SitegenCore

/// What the site search finds in the charts: listeners, and each listener's albums (by album
/// title; the artist finds them too), most played first.
extension ChartsSection {
    public static var searchKinds: [String] { ["listener", "album"] }

    public func searchRecords(_ context: PageContext) -> [SearchRecord] {
        let settings = context.config.search
        var listenerRecords: [SearchRecord] = []
        var albums: [(plays: Int, record: SearchRecord)] = []
        for charts in listeners {
            let presenter = ChartPresenter(section: self, charts: charts, config: context.config)
            let listener = charts.listener
            if settings.indexes("listener") {
                listenerRecords.append(SearchRecord(kind: "listener", name: listener.displayName, detail: listener.user,
                                                    path: presenter.listenerPath, words: [listener.user]))
            }
            guard settings.indexes("album") else { continue }
            for key in charts.appearances.keys.sorted() {
                guard let names = charts.albumNames[key] else { continue }
                // Ranking only: a sum too large to hold ranks first.
                let plays = (charts.appearances[key] ?? []).lazy.compactMap(\.plays).checkedSum() ?? .max
                albums.append((plays, SearchRecord(kind: "album", name: names.album, detail: presenter.artistName(names.artist) + " · " + listener.displayName,
                                                   path: presenter.albumPath(key), words: [names.artist ?? ""])))
            }
        }
        albums.sort { $0.plays > $1.plays }
        return listenerRecords + albums.map(\.record)
    }
}
