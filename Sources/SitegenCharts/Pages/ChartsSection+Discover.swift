import SitegenCore

extension ChartsSection {
    static let discoverAlbumCount = 10

    /// The albums that charted in the most weeks, all listeners together, each linked to the
    /// album page of the listener it charted most often for. From the appearances index each
    /// listener's charts already keep: no week is read again.
    public func discoverBlock(_ context: PageContext) -> HomeBlock? {
        struct Tally {
            var weeks = 0
            /// nil once the sum no longer fits (`checkedSum`): shown as unknown, ranked first.
            var plays: Int? = 0
            var best: (weeks: Int, listener: Int)?
        }
        var tallies: [AlbumKey: Tally] = [:]
        for (position, charts) in listeners.enumerated() {
            for (key, appearances) in charts.appearances {
                var tally = tallies[key] ?? Tally()
                tally.weeks += appearances.count
                // The known plays: an unknown count adds nothing rather than a guess.
                let added = appearances.lazy.compactMap(\.plays).checkedSum()
                tally.plays = tally.plays.flatMap { total in added.flatMap { [total, $0].checkedSum() } }
                if tally.best.map({ appearances.count > $0.weeks }) ?? true { tally.best = (appearances.count, position) }
                tallies[key] = tally
            }
        }
        let ranked = tallies.sorted { a, b in
            a.value.weeks != b.value.weeks ? a.value.weeks > b.value.weeks
                : a.value.plays != b.value.plays ? (a.value.plays ?? .max) > (b.value.plays ?? .max) : a.key < b.key
        }.prefix(Self.discoverAlbumCount)
        guard !ranked.isEmpty else { return nil }
        let albums = ranked.map { key, tally -> DiscoverAlbumModel in
            let charts = listeners[tally.best?.listener ?? 0]
            let presenter = ChartPresenter(section: self, charts: charts, config: context.config)
            let known = charts.albumNames[key]
            let names = (artist: presenter.artistName(known?.artist), album: known?.album ?? presenter.language.text("unknown_album"))
            let href = presenter.albumPath(key).value
            return DiscoverAlbumModel(
                art: presenter.art(key, artist: names.artist, album: names.album, pixels: 64), artist: names.artist, album: names.album,
                albumHref: href, weeks: presenter.language.count("weeks", tally.weeks), plays: tally.plays.map { presenter.plays($0) } ?? "",
                favourite: FavouriteModel(kind: .album, id: key.slug, title: names.album, href: href, detail: names.artist))
        }
        return HomeBlock(model: ChartsDiscoverModel(albums: albums))
    }
}

/// partials/charts/discover: the most-charted albums.
public struct ChartsDiscoverModel: Sendable {
    public let albums: [DiscoverAlbumModel]
}

public struct DiscoverAlbumModel: Sendable {
    public let art: ArtModel?
    public let artist: String
    public let album: String
    public let albumHref: String
    public let weeks: String
    public let plays: String
    public let favourite: FavouriteModel
}
