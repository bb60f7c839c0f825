import SitegenCore

extension ArchiveSection {
    /// The build date's concerts across years, from the month-day index (no walk over the data).
    public func homeBlock(_ context: PageContext) -> HomeBlock? {
        // No recordings cached yet: the home page says nothing rather than "no concerts today".
        guard !catalog.artists.isEmpty else { return nil }
        let today = context.clock.today
        let indexes = catalog.byMonthDay[today.monthDay] ?? []
        let links = ArchiveLinks(recordingSlugs: catalog.recordingSlugs, language: context.config.localization)
        let limit = 8
        let entries = indexes.prefix(limit).map { index -> HomeEntryModel in
            let concert = catalog.concerts[index]
            let artist = catalog.artists[concert.artistIndex]
            return HomeEntryModel(year: concert.date.year.map(String.init) ?? "", artist: artist.name, venue: ArchiveFormat.venue(concert, links.language),
                                  city: concert.city, href: links.concert(concert, artist: artist).value)
        }
        let model = ArchiveHomeModel(
            day: ArchiveFormat.monthDay(today.monthDay, links.language),
            href: indexes.isEmpty ? nil : ArchiveLinks.onThisDay(today.monthDay).value,
            entries: entries,
            more: indexes.count > limit ? links.language.count("more_concerts", indexes.count - limit) : nil,
            artistsHref: ArchiveLinks.artists.value)
        return HomeBlock(model: model)
    }
}
