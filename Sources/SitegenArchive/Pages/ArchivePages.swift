import SitegenCore

/// The archive's pages in a fixed order: the artists index; per artist its page, its year pages
/// (large artists only) and its concerts; every recording; the on-this-day days. Concert cells
/// are made once and shared by artist, year and on-this-day pages.
extension ArchiveSection {
    public func pages(_ context: PageContext) -> [Page] {
        let links = ArchiveLinks(recordingSlugs: catalog.recordingSlugs)
        let cells = catalog.concerts.map { ConcertCellModel($0, artist: catalog.artists[$0.artistIndex], links: links) }
        let everything: Set<Dependency> = [.contentFolder(ArchiveLoader.folder)]
        var pages: [Page] = [Page.html(ArchiveLinks.artists, template: "archive/artists", model: artistsIndex(links),
                                       meta: meta("Artists"), inputs: everything)]
        for artist in catalog.artists {
            let folder: Set<Dependency> = [.contentFolder(ArchiveLoader.folder + "/" + artist.collection)]
            pages += artistPages(artist, cells: cells, links: links, inputs: folder.union([.setting(Self.key)]))
            for (position, index) in artist.concerts.enumerated() {
                let concert = catalog.concerts[index]
                let model = ConcertPageModel(index, position: position, catalog: catalog, links: links)
                pages.append(Page.html(links.concert(concert, artist: artist), template: "archive/concert", model: model,
                                       meta: meta("\(artist.name), \(model.date), \(concert.venue)"), inputs: folder))
            }
        }
        for concert in catalog.concerts {
            let artist = catalog.artists[concert.artistIndex]
            for recording in concert.recordings {
                let model = RecordingPageModel(recording, concert: concert, artist: artist, links: links)
                let inputs = Set(recording.inputs.map(Dependency.content))
                    .union([.contentFolder(ArchiveLoader.folder + "/" + artist.collection)])
                pages.append(Page.html(links.recording(recording), template: "archive/recording", model: model,
                                       meta: meta(model.title), inputs: inputs))
            }
        }
        let days = catalog.byMonthDay.keys.sorted()
        for (position, day) in days.enumerated() {
            let model = onThisDay(day, previous: position > 0 ? days[position - 1] : days.last,
                                  next: position + 1 < days.count ? days[position + 1] : days.first, cells: cells,
                                  links: links, today: context.clock.today)
            pages.append(Page.html(ArchiveLinks.onThisDay(day), template: "archive/on-this-day", model: model,
                                   meta: meta("On this day: \(model.day)"), inputs: everything.union([.buildDate])))
        }
        return pages
    }

    private func meta(_ title: String) -> PageMeta { PageMeta(title: title, section: Self.key) }

    private func artistsIndex(_ links: ArchiveLinks) -> ArtistsIndexModel {
        var letters: [LetterGroupModel] = []
        for artist in catalog.artists {
            let initial = artist.name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
                .first { $0.isLetter || $0.isNumber }
            let letter = initial.map { $0.isLetter && $0.isASCII ? String($0).uppercased() : "#" } ?? "#"
            if letters.last?.letter != letter {
                letters.append(LetterGroupModel(letter: letter, anchor: letter == "#" ? "other" : letter.lowercased(), artists: []))
            }
            letters[letters.count - 1].artists.append(ArtistRowModel(artist, links: links))
        }
        // "#" (names starting with a digit or a non-Latin letter) goes last, as in a printed index.
        letters = letters.filter { $0.letter != "#" } + mergedOther(letters.filter { $0.letter == "#" })
        let recordings = catalog.artists.reduce(0) { $0 + $1.recordingCount }
        return ArtistsIndexModel(summary: "\(ArchiveFormat.plural(catalog.artists.count, "artist")), "
                                     + "\(ArchiveFormat.plural(catalog.concerts.count, "concert")), "
                                     + "\(ArchiveFormat.plural(recordings, "recording"))",
                                 letters: letters)
    }

    private func mergedOther(_ groups: [LetterGroupModel]) -> [LetterGroupModel] {
        guard let first = groups.first else { return [] }
        return [LetterGroupModel(letter: first.letter, anchor: first.anchor, artists: groups.flatMap(\.artists))]
    }

    /// The artist page, and one page per year when the artist has more concerts than the
    /// site's `year_pages_over`.
    private func artistPages(_ artist: Artist, cells: [ConcertCellModel], links: ArchiveLinks,
                             inputs: Set<Dependency>) -> [Page] {
        var byYear: [(year: Int?, concerts: [Int])] = []
        for index in artist.concerts {
            let year = catalog.concerts[index].date.year
            if byYear.last?.year == year { byYear[byYear.count - 1].concerts.append(index) } else { byYear.append((year, [index])) }
        }
        let known = byYear.filter { $0.year != nil }, unknown = byYear.filter { $0.year == nil }
        byYear = (settings.newestYearFirst ? known.reversed() : known) + unknown
        let summary = [ArchiveFormat.plural(artist.concerts.count, "concert"), ArchiveFormat.plural(artist.recordingCount, "recording"),
                       ArchiveFormat.yearSpan(artist.firstYear, artist.lastYear)].compactMap { $0 }.joined(separator: " · ")
        let artistMeta = meta(artist.name)
        guard artist.concerts.count > settings.yearPagesOver else {
            let years = byYear.map { group in
                YearGroupModel(year: ArchiveFormat.yearLabel(group.year), anchor: group.year.map { "y\($0)" } ?? "y-unknown",
                               count: ArchiveFormat.plural(group.concerts.count, "concert"), cells: group.concerts.map { cells[$0] })
            }
            let model = ArtistPageModel(name: artist.name, summary: summary, years: years, yearLinks: [])
            return [Page.html(links.artist(artist), template: "archive/artist", model: model, meta: artistMeta, inputs: inputs)]
        }
        let yearLinks = byYear.map { group in
            YearLinkModel(year: ArchiveFormat.yearLabel(group.year), href: links.year(group.year, artist: artist).value,
                          count: ArchiveFormat.plural(group.concerts.count, "concert"))
        }
        var pages = [Page.html(links.artist(artist), template: "archive/artist",
                               model: ArtistPageModel(name: artist.name, summary: summary, years: [], yearLinks: yearLinks),
                               meta: artistMeta, inputs: inputs)]
        for (position, group) in byYear.enumerated() {
            func link(_ other: Int) -> LinkModel? {
                guard byYear.indices.contains(other) else { return nil }
                return LinkModel(title: yearLinks[other].year, href: yearLinks[other].href)
            }
            let model = YearPageModel(artist: artist.name, artistHref: links.artist(artist).value,
                                      year: yearLinks[position].year, count: yearLinks[position].count,
                                      cells: group.concerts.map { cells[$0] }, previous: link(position - 1), next: link(position + 1))
            pages.append(Page.html(links.year(group.year, artist: artist), template: "archive/year", model: model,
                                   meta: meta("\(artist.name), \(model.year)"), inputs: inputs))
        }
        return pages
    }

    private func onThisDay(_ day: String, previous: String?, next: String?, cells: [ConcertCellModel],
                           links: ArchiveLinks, today: LocalDate) -> OnThisDayModel {
        let indexes = catalog.byMonthDay[day] ?? []
        func link(_ other: String?) -> LinkModel? {
            guard let other, other != day else { return nil }
            return LinkModel(title: ArchiveFormat.monthDay(other), href: ArchiveLinks.onThisDay(other).value)
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
                years.append(OnThisDayYearModel(year: String(year), ago: ArchiveFormat.yearsAgo(year, today: today), entries: [entry]))
            }
        }
        // Within a year, artists A–Z (the index holds each day's concerts oldest first).
        for position in years.indices { years[position].entries.reverse() }
        return OnThisDayModel(day: ArchiveFormat.monthDay(day),
                              summary: "\(ArchiveFormat.plural(indexes.count, "concert")) on this day in the archive",
                              years: years, previous: link(previous), next: link(next), artistsHref: ArchiveLinks.artists.value)
    }
}

extension ArchiveFormat {
    /// "05-08" → "8 May".
    static func monthDay(_ key: String) -> String {
        let parts = key.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2, (1...12).contains(parts[0]) else { return key }
        return "\(parts[1]) \(DateText.monthName(parts[0]))"
    }
}
