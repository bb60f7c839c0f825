import SitegenCore

/// The listing pages: all artists, one artist (and its years), one calendar day.
extension ArchiveSection {
    func artistsIndexPage(_ links: ArchiveLinks) -> Page {
        var letters: [LetterGroupModel] = []
        for artist in catalog.artists {
            let initial = artist.name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
                .first { $0.isLetter || $0.isNumber }
            let letter = initial.map { $0.isLetter && $0.isASCII ? String($0).uppercased() : "#" } ?? "#"
            if let group = letters.firstIndex(where: { $0.letter == letter }) {
                letters[group].artists.append(ArtistRowModel(artist, links: links))
            } else {
                letters.append(LetterGroupModel(letter: letter, anchor: letter == "#" ? "other" : letter.lowercased(),
                                                artists: [ArtistRowModel(artist, links: links)]))
            }
        }
        // "#" (names starting with a digit or a non-Latin letter) goes last, as in a printed index.
        letters = letters.filter { $0.letter != "#" } + letters.filter { $0.letter == "#" }
        let recordings = catalog.artists.reduce(0) { $0 + $1.recordingCount }
        let language = links.language
        let model = ArtistsIndexModel(summary: [language.count("artists", catalog.artists.count), language.count("concerts", catalog.concerts.count),
                                                language.count("recordings", recordings)].joined(separator: ", "),
                                      letters: letters)
        return Page.html(ArchiveLinks.artists, template: "archive/artists", model: model, meta: meta(language.text("artists_title"), language.text("artists_description", ["summary": model.summary])),
                         inputs: [])
    }

    /// The artist page, and one page per year when the artist has more concerts than the
    /// site's `year_pages_over`.
    func artistPages(_ artist: Artist, cells: [ConcertCellModel], links: ArchiveLinks) -> [Page] {
        var byYear: [(year: Int?, concerts: [Int])] = []
        for index in artist.concerts {
            let year = catalog.concerts[index].date.year
            // `byYear.last?.year == year` held for the first concert when its year is unknown
            // (nil == nil) and read the last of an empty list: a collection none of whose
            // recordings has a year stopped every build.
            if let last = byYear.last, last.year == year { byYear[byYear.count - 1].concerts.append(index) } else { byYear.append((year, [index])) }
        }
        let known = byYear.filter { $0.year != nil }, unknown = byYear.filter { $0.year == nil }
        byYear = (settings.newestYearFirst ? known.reversed() : known) + unknown
        let language = links.language
        let description = { (summary: String) in language.text("artist_description", ["artist": artist.name, "summary": summary]) }
        let summary = [language.count("concerts", artist.concerts.count), language.count("recordings", artist.recordingCount),
                       ArchiveFormat.yearSpan(artist.firstYear, artist.lastYear)].compactMap { $0 }.joined(separator: " · ")
        let path = links.artist(artist)
        let play = PlayLinks.artist(artist, catalog: catalog, links: links)
        // The artists index lists the artist as a row: starring it here keeps that row.
        let favourite = FavouriteModel(kind: .artist, id: artist.collection, title: artist.name, href: path.value, detail: summary,
                                      from: ArchiveLinks.artists.value)
        guard artist.concerts.count > settings.yearPagesOver else {
            let years = byYear.map { group in
                YearGroupModel(year: ArchiveFormat.yearLabel(group.year, language), anchor: group.year.map { "y\($0)" } ?? "y-unknown",
                               count: language.count("concerts", group.concerts.count), cells: group.concerts.map { cells[$0] })
            }
            let model = ArtistPageModel(name: artist.name, summary: summary, years: years,
                                        typeFilter: TypeFilterModel(concerts: artist.concerts.map { catalog.concerts[$0] }),
                                        yearLinks: [], play: play, favourite: favourite)
            return [Page.html(path, template: "archive/artist", model: model, meta: meta(artist.name, description(summary)), inputs: [])]
        }
        let yearLinks = byYear.map { group in
            YearLinkModel(year: ArchiveFormat.yearLabel(group.year, language), href: links.year(group.year, artist: artist).value,
                          count: language.count("concerts", group.concerts.count))
        }
        var pages = [Page.html(path, template: "archive/artist",
                               model: ArtistPageModel(name: artist.name, summary: summary, years: [], typeFilter: nil, yearLinks: yearLinks, play: play,
                                                      favourite: favourite),
                               meta: meta(artist.name, description(summary)), inputs: [])]
        // Year pages link the years before and after in time, whatever the order on the artist page.
        let chronological = byYear.indices.filter { byYear[$0].year != nil }.sorted { byYear[$0].year! < byYear[$1].year! }
        for (position, group) in byYear.enumerated() {
            let place = chronological.firstIndex(of: position)
            func link(_ step: Int) -> LinkModel? {
                guard let place, chronological.indices.contains(place + step) else { return nil }
                let other = yearLinks[chronological[place + step]]
                return LinkModel(title: other.year, href: other.href)
            }
            let model = YearPageModel(artist: artist.name, artistHref: path.value, year: yearLinks[position].year,
                                      count: yearLinks[position].count,
                                      typeFilter: TypeFilterModel(concerts: group.concerts.map { catalog.concerts[$0] }),
                                      cells: group.concerts.map { cells[$0] },
                                      previous: link(-1), next: link(1))
            pages.append(Page.html(links.year(group.year, artist: artist), template: "archive/year", model: model,
                                   meta: meta("\(artist.name), \(model.year)"), inputs: []))
        }
        return pages
    }

    /// One page per calendar day that has concerts, each linking the days before and after.
    func onThisDayPages(cells: [ConcertCellModel], links: ArchiveLinks, today: LocalDate) -> [Page] {
        let days = catalog.byMonthDay.keys.sorted()
        return days.enumerated().map { position, day in
            let previous = position > 0 ? days[position - 1] : days.last
            let next = position + 1 < days.count ? days[position + 1] : days.first
            let model = onThisDay(day, previous: previous, next: next, cells: cells, links: links, today: today)
            return Page.html(ArchiveLinks.onThisDay(day), template: "archive/on-this-day", model: model,
                             meta: PageMeta(title: links.language.text("on_this_day_day", ["day": model.day]),
                                            description: links.language.text("on_this_day_description", ["day": model.day]),
                                            section: Self.onThisDayKey), inputs: [])
        }
    }

    private func onThisDay(_ day: String, previous: String?, next: String?, cells: [ConcertCellModel],
                           links: ArchiveLinks, today: LocalDate) -> OnThisDayModel {
        let indexes = catalog.byMonthDay[day] ?? []
        let language = links.language
        func link(_ other: String?) -> LinkModel? {
            guard let other, other != day else { return nil }
            return LinkModel(title: ArchiveFormat.monthDay(other, language), href: ArchiveLinks.onThisDay(other).value)
        }
        var years: [OnThisDayYearModel] = []
        for index in indexes.reversed() {
            let concert = catalog.concerts[index]
            let artist = catalog.artists[concert.artistIndex]
            let year = concert.date.year ?? 0
            let entry = OnThisDayEntryModel(artist: artist.name, artistHref: links.artist(artist).value, cell: cells[index])
            if years.last?.year == String(year) {
                years[years.count - 1].entries.append(entry)
            } else {
                years.append(OnThisDayYearModel(year: String(year), ago: ArchiveFormat.yearsAgo(year, today: today, language), entries: [entry]))
            }
        }
        // Within a year, artists A–Z (the index holds each day's concerts oldest first).
        for position in years.indices { years[position].entries.reverse() }
        return OnThisDayModel(day: ArchiveFormat.monthDay(day, language),
                              summary: language.count("on_this_day_summary", indexes.count),
                              typeFilter: TypeFilterModel(concerts: indexes.map { catalog.concerts[$0] }),
                              years: years, previous: link(previous), next: link(next))
    }
}

extension ArchiveFormat {
    /// "05-08" → "8 May" (the day in a leap year, so that 29 February is one).
    static func monthDay(_ key: String, _ language: SiteLanguage) -> String {
        let parts = key.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2, let day = LocalDate(year: 2000, month: parts[0], day: parts[1]) else { return key }
        return language.date(day, .dayMonth)
    }
}
