import SitegenCore

/// The archive's pages in a fixed order: the artists index; per artist its page, its year pages
/// (large artists only) and its concerts; every recording; the on-this-day days. Concert cells
/// (and their fingerprints) are made once and shared by artist, year and on-this-day pages.
extension ArchiveSection {
    public func pages(_ context: PageContext) -> [Page] {
        let links = ArchiveLinks(recordingSlugs: catalog.recordingSlugs, language: context.config.localization)
        let cells = catalog.concerts.map { ConcertCellModel($0, artist: catalog.artists[$0.artistIndex], links: links) }
        // Hundreds of thousands of pages at archive scale: listed on every core, each artist's and
        // each concert's in their place.
        let artists = catalog.artists
        let byArtist = Parallel.map(artists.count, jobs: context.jobs) { index -> [Page] in
            let artist = artists[index]
            var pages = artistPages(artist, cells: cells, links: links)
            for (position, concert) in artist.concerts.enumerated() {
                pages.append(concertPage(concert, position: position, artist: artist, links: links))
            }
            return pages
        }
        let concerts = catalog.concerts
        let byConcert = Parallel.map(concerts.count, jobs: context.jobs) { concertIndex -> [Page] in
            concerts[concertIndex].recordings.indices.map { position in recordingPage(position, of: concertIndex, links: links, config: context.config) }
        }
        var pages: [Page] = [artistsIndexPage(links)]
        pages.reserveCapacity(1 + byArtist.reduce(0) { $0 + $1.count } + byConcert.reduce(0) { $0 + $1.count })
        for list in byArtist { pages += list }
        for list in byConcert { pages += list }
        if !catalog.byMonthDay.isEmpty { pages.append(onThisDayIndex(today: context.clock.today, language: links.language)) }
        pages += onThisDayPages(cells: cells, links: links, today: context.clock.today)
        pages += randomConcertFiles(links)
        return pages
    }

    func meta(_ title: String, _ description: String? = nil) -> PageMeta {
        PageMeta(title: title, description: description, section: Self.key)
    }

    private func concertPage(_ index: Int, position: Int, artist: Artist, links: ArchiveLinks) -> Page {
        let concert = catalog.concerts[index]
        // The page whose cell shows the concert: starring it here keeps that cell for /favourites/.
        let cellPage = artist.concerts.count > settings.yearPagesOver ? links.year(concert.date.year, artist: artist) : links.artist(artist)
        // The whole model is made when the page renders (LazyModel); here all but the recording
        // tiles, which come from the recordings' files.
        var model = ConcertPageModel(index, position: position, catalog: catalog, links: links, details: false)
        model.favourite.favFrom = cellPage.value
        let catalog = catalog
        return Page.html(links.concert(concert, artist: artist), template: "archive/concert",
                         model: LazyModel(known: model) { whole in
                             var model = ConcertPageModel(index, position: position, catalog: catalog, links: links, details: whole)
                             model.favourite.favFrom = cellPage.value
                             return model
                         },
                         meta: meta("\(artist.name), \(model.date), \(model.venue)",
                                    links.language.text("concert_description", ["recordings": model.recordingCount, "artist": artist.name,
                                                                                "place": model.city.map { "\(model.venue), \($0)" } ?? model.venue,
                                                                                "date": model.date])),
                         inputs: ArchiveInputs.files(concert.recordings))
    }

    private func recordingPage(_ position: Int, of concertIndex: Int, links: ArchiveLinks, config: SiteConfig) -> Page {
        let concert = catalog.concerts[concertIndex]
        let recording = concert.recordings[position]
        let artist = catalog.artists[concert.artistIndex]
        // All but the tracks, reviews and structured data, which come from the recording's files.
        let model = RecordingPageModel(recording, concert: concert, artist: artist, links: links, details: false)
        // The closure holds the section and two indexes, not copies of the recording, concert
        // and artist: two hundred thousand of them stay alive until their pages render.
        let section = self
        let path = links.recording(recording)
        let baseURL = config.baseURL
        return Page.html(path, template: "archive/recording",
                         model: LazyModel(known: model) { whole in
                             let concert = section.catalog.concerts[concertIndex]
                             let recording = concert.recordings[position]
                             var model = RecordingPageModel(recording, tracks: whole ? recording.tracks.tracks : [], concert: concert,
                                                            artist: section.catalog.artists[concert.artistIndex], links: links, details: whole)
                             if whole {
                                 model.structuredData = model.structuredData(url: baseURL + path.value, venueName: ArchiveValue.known(recording.venue) ?? concert.venue,
                                                                             language: links.language)
                             }
                             return model
                         },
                         meta: meta(Self.tabTitle(model.title, recording, links.language), links.language.text(recording.type == .unknown ? "recording_description" : "typed_recording_description",
                                                                     ["type": recording.type.rawValue, "artist": artist.name, "venue": model.venue,
                                                                      "date": model.date])),
                         inputs: ArchiveInputs.files([recording]))
    }

    /// A recording page's title in a tab, a bookmark or a shared link: its heading, which its
    /// concert's other recordings share, and what a collector tells them apart by.
    static func tabTitle(_ heading: String, _ recording: Recording, _ language: SiteLanguage) -> String {
        let who = SelectorTileModel.who(taper: ArchiveFormat.summary(ArchiveValue.known(recording.taper), limit: 80),
                                        source: ArchiveFormat.summary(ArchiveValue.known(recording.source)), family: recording.type.family)
        return who.map { language.text("recording_tab_title", ["title": heading, "who": $0]) } ?? heading
    }
}
