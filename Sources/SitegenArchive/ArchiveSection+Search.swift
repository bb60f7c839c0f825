import SitegenCore

/// What the site search finds in the archive: artists (most concerts first), concerts (by
/// venue name; the artist, city and date find them too), songs of the track lists (one per
/// artist and title, linked to its most downloaded recording; the artist's name is their detail,
/// not their words, or it would be in hundreds of thousands of documents) and recordings (by identifier,
/// taper, transferer and source; parts every recording has, like "flac16", are stop terms). Each kind is ordered most played first, the order of equal results.
extension ArchiveSection {
    public static var searchKinds: [String] { ["artist", "concert", "recording", "song"] }

    public func searchRecords(_ context: PageContext) -> [SearchRecord] {
        let settings = context.config.search
        let links = ArchiveLinks(recordingSlugs: catalog.recordingSlugs, language: context.config.localization)
        let catalog = self.catalog
        var records: [SearchRecord] = []
        if settings.indexes("artist") {
            for artist in catalog.artists.sorted(by: { ($0.concerts.count, $1.name) > ($1.concerts.count, $0.name) }) {
                let years = [artist.firstYear, artist.lastYear].compactMap { $0 }
                let span = years.isEmpty ? "" : years[0] == years[1] ? String(years[0]) : "\(years[0])–\(years[1])"
                records.append(SearchRecord(kind: "artist", name: artist.name, detail: span, path: links.artist(artist), words: [artist.collection]))
            }
        }
        // Concerts and recordings, most downloaded first.
        // Ranking only: a sum too large to hold ranks first.
        let downloads = catalog.concerts.map { $0.recordings.lazy.compactMap(\.downloads).checkedSum() ?? .max }
        let byDownloads = catalog.concerts.indices.sorted { (downloads[$0], $1) > (downloads[$1], $0) }
        let parts = max(1, min(context.jobs * 4, byDownloads.count / 5_000))
        func inParts(_ count: Int, _ make: @Sendable (Range<Int>) -> [SearchRecord]) -> [SearchRecord] {
            Parallel.map(parts, jobs: context.jobs) { part in make(count * part / parts..<count * (part + 1) / parts) }.flatMap { $0 }
        }
        if settings.indexes("concert") {
            records += inParts(byDownloads.count) { range in
                range.map { position in
                    let concert = catalog.concerts[byDownloads[position]]
                    let artist = catalog.artists[concert.artistIndex]
                    let date = ArchiveFormat.date(concert.date, links.language)
                    let detail = concert.city.map { artist.name + " · " + date + " · " + $0 } ?? artist.name + " · " + date
                    return SearchRecord(kind: "concert", name: ArchiveFormat.venue(concert, links.language), detail: detail, path: links.concert(concert, artist: artist),
                                        words: [artist.name, concert.city ?? ""], date: Self.searchDate(concert.date))
                }
            }
        }
        if settings.indexes("song") { records += songs(links: links, jobs: context.jobs) }
        if settings.indexes("recording") {
            var recordings: [(concert: Int, recording: Int, downloads: Int)] = []
            recordings.reserveCapacity(catalog.artists.reduce(0) { $0 + $1.recordingCount })
            for index in byDownloads {
                for (number, recording) in catalog.concerts[index].recordings.enumerated() {
                    recordings.append((index, number, recording.downloads ?? 0))
                }
            }
            recordings.sort { $0.downloads > $1.downloads }
            let sorted = recordings
            records += inParts(sorted.count) { range in
                range.map { position in
                    let concert = catalog.concerts[sorted[position].concert]
                    let recording = concert.recordings[sorted[position].recording]
                    let artist = catalog.artists[concert.artistIndex]
                    let venue = ArchiveFormat.venue(concert, links.language), type = ArchiveFormat.type(recording.type, links.language)
                    var detail = artist.name + " · " + ArchiveFormat.date(concert.date, links.language) + " · " + venue + " · " + type
                    // Placeholders ("unknown", "n/a") are no one's name, here as on the recording's page.
                    let taper = ArchiveValue.known(recording.taper), transferer = ArchiveValue.known(recording.transferer)
                    if let taper { detail += " · " + taper }
                    return SearchRecord(kind: "recording", name: recording.identifier, detail: detail, path: links.recording(recording),
                                        words: [taper ?? "", transferer ?? "",
                                                ArchiveValue.known(recording.source).map { String($0.prefix(80)) } ?? ""])
                }
            }
        }
        return records
    }

    /// One record per artist and song title (spellings that differ only in case, accents and
    /// punctuation, like "Scarlet Begonias ->", are one song), linked to the most downloaded
    /// recording that has it; songs on more recordings first.
    private func songs(links: ArchiveLinks, jobs: Int) -> [SearchRecord] {
        struct Song {
            var title: String
            var count: Int
            var downloads: Int
            var concert: Int
            var recording: Int
        }
        let catalog = self.catalog
        let perArtist = Parallel.map(catalog.artists.count, jobs: jobs) { artistIndex -> [(count: Int, record: SearchRecord)] in
            let artist = catalog.artists[artistIndex]
            var songs: [Song] = []
            var byKey: [String: Int] = [:]
            var byTitle: [String: Int] = [:]  // a title as written → its song, or -1 when it has no terms
            for concertIndex in artist.concerts {
                for (number, recording) in catalog.concerts[concertIndex].recordings.enumerated() {
                    let downloads = recording.downloads ?? 0
                    for title in recording.tracks.titles {
                        var song = byTitle[title]
                        if song == nil {
                            let key = SearchTerms.normalized(title)
                            if key.isEmpty {
                                song = -1
                            } else if let known = byKey[key] {
                                song = known
                            } else {
                                song = songs.count
                                byKey[key] = songs.count
                                songs.append(Song(title: Self.songTitle(title), count: 0, downloads: -1, concert: concertIndex, recording: number))
                            }
                            byTitle[title] = song
                        }
                        guard let index = song, index >= 0 else { continue }
                        songs[index].count += 1
                        if downloads > songs[index].downloads {
                            songs[index].downloads = downloads
                            songs[index].concert = concertIndex
                            songs[index].recording = number
                        }
                    }
                }
            }
            return songs.sorted { $0.title < $1.title }.map { song in
                let concert = catalog.concerts[song.concert]
                return (song.count, SearchRecord(kind: "song", name: song.title, detail: artist.name + " · " + ArchiveFormat.date(concert.date, links.language) + " · " + ArchiveFormat.venue(concert, links.language),
                                                 path: links.recording(concert.recordings[song.recording])))
            }
        }
        var counted = perArtist.flatMap { $0 }
        counted.sort { $0.count > $1.count }
        return counted.map(\.record)
    }

    /// A track title as a song's name: without the segue arrow and marks etree lists add.
    static func songTitle(_ title: String) -> String {
        var text = Substring(title)
        while let last = text.last, last == " " || last == ">" || last == "-" || last == "*" || last == "#" || last == "%" {
            text = text.dropLast()
        }
        return text.isEmpty ? title : String(text)
    }

    static func searchDate(_ date: ConcertDate) -> SearchDate? {
        date.year.map { SearchDate(year: $0, month: date.month, day: date.day) }
    }
}
