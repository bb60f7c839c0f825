import SitegenCore

/// What the site search finds in the archive: artists (most concerts first), concerts (by
/// venue name; the artist, city and date find them too), songs of the track lists (one per
/// artist and title, linked to its most downloaded recording) and recordings (by identifier,
/// taper and source). Each kind is ordered most played first, the order of equal results.
extension ArchiveSection {
    public func searchRecords(_ context: PageContext) -> [SearchRecord] {
        let settings = context.config.search
        let links = ArchiveLinks(recordingSlugs: catalog.recordingSlugs)
        var records: [SearchRecord] = []
        if settings.indexes("artist") {
            for artist in catalog.artists.sorted(by: { ($0.concerts.count, $1.name) > ($1.concerts.count, $0.name) }) {
                let years = [artist.firstYear, artist.lastYear].compactMap { $0.map(String.init) }
                records.append(SearchRecord(kind: "artist", name: artist.name, detail: Array(Set(years)).sorted().joined(separator: "–"),
                                            path: links.artist(artist), words: [artist.collection]))
            }
        }
        // Concerts and recordings, most downloaded first.
        let downloads = catalog.concerts.map { $0.recordings.reduce(0) { $0 + ($1.downloads ?? 0) } }
        let byDownloads = catalog.concerts.indices.sorted { (downloads[$0], $1) > (downloads[$1], $0) }
        if settings.indexes("concert") {
            records.reserveCapacity(records.count + catalog.concerts.count)
            for index in byDownloads {
                let concert = catalog.concerts[index]
                let artist = catalog.artists[concert.artistIndex]
                let detail = [artist.name, concert.date.description, concert.city].compactMap { $0 }.joined(separator: " · ")
                records.append(SearchRecord(kind: "concert", name: concert.venue, detail: detail, path: links.concert(concert, artist: artist),
                                            words: [artist.name, concert.city ?? ""], date: Self.searchDate(concert.date)))
            }
        }
        if settings.indexes("song") { records += songs(links: links) }
        if settings.indexes("recording") {
            var recordings: [(recording: Recording, concert: Concert)] = []
            for index in byDownloads {
                for recording in catalog.concerts[index].recordings { recordings.append((recording, catalog.concerts[index])) }
            }
            recordings.sort { ($0.recording.downloads ?? 0) > ($1.recording.downloads ?? 0) }
            for (recording, concert) in recordings {
                let artist = catalog.artists[concert.artistIndex]
                let detail = [artist.name, concert.date.description, concert.venue, recording.type.label, recording.taper]
                    .compactMap { $0 }.joined(separator: " · ")
                records.append(SearchRecord(kind: "recording", name: recording.identifier, detail: detail, path: links.recording(recording),
                                            words: [recording.taper ?? "", recording.transferer ?? "", recording.source.map { String($0.prefix(80)) } ?? "",
                                                    recording.type.rawValue]))
            }
        }
        return records
    }

    /// One record per artist and song title (spellings that differ only in case, accents and
    /// punctuation, like "Scarlet Begonias ->", are one song), linked to the most downloaded
    /// recording that has it; songs on more recordings first.
    private func songs(links: ArchiveLinks) -> [SearchRecord] {
        struct Song {
            var title: String
            var count: Int
            var best: Recording
            var concert: Int
        }
        var songs: [SearchRecord] = []
        var counted: [(count: Int, record: SearchRecord)] = []
        for artist in catalog.artists {
            var byKey: [String: Song] = [:]
            var keys: [String: String] = [:]  // a title as written → its key
            for concertIndex in artist.concerts {
                for recording in catalog.concerts[concertIndex].recordings {
                    for title in recording.tracks.titles {
                        let key: String
                        if let known = keys[title] {
                            key = known
                        } else {
                            key = SearchTerms.normalized(title)
                            keys[title] = key
                        }
                        guard !key.isEmpty else { continue }
                        if var song = byKey[key] {
                            song.count += 1
                            if (recording.downloads ?? 0) > (song.best.downloads ?? 0) {
                                song.best = recording
                                song.concert = concertIndex
                            }
                            byKey[key] = song
                        } else {
                            byKey[key] = Song(title: Self.songTitle(title), count: 1, best: recording, concert: concertIndex)
                        }
                    }
                }
            }
            for key in byKey.keys.sorted() {
                let song = byKey[key]!
                let concert = catalog.concerts[song.concert]
                let detail = [artist.name, concert.date.description, concert.venue].joined(separator: " · ")
                counted.append((song.count, SearchRecord(kind: "song", name: song.title, detail: detail, path: links.recording(song.best),
                                                         words: [artist.name])))
            }
        }
        counted.sort { $0.count > $1.count }
        songs = counted.map(\.record)
        return songs
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
